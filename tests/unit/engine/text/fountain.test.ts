import { describe, expect, it } from 'vitest';
import {
  characterCue,
  interleave,
  sceneHeading,
  toFountain,
} from '../../../../functions/engine/text/fountain';
import type { ScriptScene } from '../../../../functions/engine/text/types';
import { readFountain } from './fountain-reader';

const scene = (overrides: Partial<ScriptScene> = {}): ScriptScene => ({
  scene_number: 1,
  location: 'Harbour - Port Kessel',
  setting_type: 'EXT',
  time_of_day: 'night',
  estimated_duration: 30,
  visual_description: '',
  key_actions: [],
  audio_requirements: [],
  characters: ['Nell'],
  mood: 'tense',
  source_start: 0,
  source_end: 10,
  heading: '',
  action: ['The fog rolls in.'],
  dialogue: [{ scene_number: 1, character: 'Nell', line: 'Who is there?', parenthetical: 'whispering' }],
  narration: '',
  ...overrides,
});

describe('Fountain export', () => {
  it('writes scene headings with interior/exterior, place and time', () => {
    expect(sceneHeading(scene())).toBe('EXT. HARBOUR, PORT KESSEL - NIGHT');
    expect(sceneHeading(scene({ setting_type: 'INT', location: '', time_of_day: 'dawn' }))).toBe(
      'INT. UNSPECIFIED LOCATION - DAWN',
    );
  });

  it('escapes book text that would otherwise read as Fountain markup', () => {
    const text = toFountain({
      title: 'Test',
      style: 'cinematic_movie',
      scenes: [
        scene({
          action: [
            'INT. is how the sign began.',
            'BANG!',
            '*Stars* and _lines_ [[note]]',
            '> not a transition',
            'FADE TO:',
          ],
          dialogue: [{ scene_number: 1, character: '李白', line: '(softly) hello' }],
        }),
      ],
    });
    const doc = readFountain(text);
    const actions = doc.elements.flatMap((e) => (e.type === 'action' ? [e.text] : []));
    expect(actions).toEqual([
      'FADE IN:',
      'INT. is how the sign began.',
      'BANG!',
      '\\*Stars\\* and \\_lines\\_ [ [note]]',
      '> not a transition',
      'FADE TO:',
    ]);
    expect(doc.elements.filter((e) => e.type === 'heading')).toHaveLength(1);
    expect(doc.elements.filter((e) => e.type === 'transition')).toEqual([
      { type: 'transition', text: 'FADE OUT.' },
    ]);
    expect(doc.elements).toContainEqual({
      type: 'speech',
      character: '李白',
      parenthetical: 'softly',
      lines: ['hello'],
    });
  });

  it('uses upper-case cues, forcing names without letter case', () => {
    expect(characterCue('Mrs. Pell')).toBe('MRS. PELL');
    expect(characterCue('李白')).toBe('@李白');
  });

  it('interleaves action and dialogue when no order is stored, narration first', () => {
    const elements = interleave(
      scene({
        narration: 'It was late.',
        action: ['A', 'B'],
        dialogue: [
          { scene_number: 1, character: 'Nell', line: 'One.' },
          { scene_number: 1, character: 'Morrow', line: 'Two.' },
        ],
      }),
    );
    expect(elements.map((e) => (e.kind === 'dialogue' ? e.line.line : e.text))).toEqual([
      'It was late.',
      'A',
      'One.',
      'B',
      'Two.',
    ]);
  });

  it('puts a transition between scenes, dissolving when the time of day changes', () => {
    const text = toFountain({
      title: 'T',
      source: 'Book',
      logline: 'A line.',
      style: 'cinematic_movie',
      scenes: [scene(), scene({ scene_number: 2 }), scene({ scene_number: 3, time_of_day: 'dawn' })],
    });
    const doc = readFountain(text);
    expect(doc.titlePage).toEqual({
      Title: 'T',
      Credit: 'Adapted for the screen by',
      Author: 'BookStudio',
      Source: 'Based on "Book"',
      Notes: 'A line.',
    });
    expect(
      doc.elements.filter((e) => e.type === 'transition').map((e) => (e.type === 'transition' ? e.text : '')),
    ).toEqual(['CUT TO:', 'DISSOLVE TO:', 'FADE OUT.']);
    expect(doc.elements).toContainEqual({
      type: 'speech',
      character: 'NELL',
      parenthetical: 'whispering',
      lines: ['Who is there?'],
    });
  });
});
