import { describe, expect, it } from 'vitest';
import { arrangePrompt, creatorScriptOf, readWrittenScript } from '../../../functions/creator/screenplay';
import { bookText, readOutline } from '../../../functions/creator/book';

const actions = (draft: ReturnType<typeof arrangePrompt>) =>
  draft.scenes.flatMap((s) => s.elements.flatMap((e) => (e.kind === 'action' ? [e.text] : [])));
const lines = (draft: ReturnType<typeof arrangePrompt>) =>
  draft.scenes.flatMap((s) =>
    s.elements.flatMap((e) => (e.kind === 'dialogue' ? [[e.character, e.line]] : [])),
  );

describe('a prompt arranged into scenes (no model)', () => {
  it('keeps one scene for a prompt without cues, every sentence in order', () => {
    const draft = arrangePrompt(
      'A girl finds a map in the attic. She follows it to the sea. The map is wrong.',
    );
    expect(draft.scenes).toHaveLength(1);
    expect(actions(draft)).toEqual([
      'A girl finds a map in the attic.',
      'She follows it to the sea.',
      'The map is wrong.',
    ]);
    expect(draft.scenes[0]).toMatchObject({ location: 'attic', setting_type: 'INT' });
  });

  it('opens a scene at a scene heading of the prompt and takes its place and time', () => {
    const draft = arrangePrompt(
      'INT. KITCHEN - NIGHT\nTom burns the toast.\nEXT. GARDEN - DAWN\nThe birds wake.',
    );
    expect(draft.scenes.map((s) => [s.setting_type, s.location, s.time_of_day])).toEqual([
      ['INT', 'KITCHEN', 'night'],
      ['EXT', 'GARDEN', 'dawn'],
    ]);
    expect(actions(draft)).toEqual(['Tom burns the toast.', 'The birds wake.']);
  });

  it('makes dialogue of quoted lines, with the speaker its tag names, a colon gives, or VOICE', () => {
    const draft = arrangePrompt(
      'Said Ada, "Look out." "Too late," replies Ben. Ben: "We sink." "Who is there?"',
    );
    expect(lines(draft)).toEqual([
      ['Ada', 'Look out.'],
      ['Ben', 'Too late'],
      ['Ben', 'We sink.'],
      ['VOICE', 'Who is there?'],
    ]);
  });

  it('keeps markup-like text as plain action in the Fountain export', () => {
    const draft = arrangePrompt('A sign reads *closed* [[forever]]. CUT TO: nothing.');
    const fountain = creatorScriptOf(draft, 'arranged').fountain;
    expect(fountain).toContain('\\*closed\\*');
    expect(fountain).not.toContain('[[forever]]');
  });

  it('answers no scene for a prompt of no words', () => {
    expect(arrangePrompt('  \n \n').scenes).toEqual([]);
  });
});

describe('a model-written screenplay read back', () => {
  it('reads NAME lines above their words, skips transitions and parentheticals', () => {
    const draft = readWrittenScript(
      '**Title:** "Night Shift"\n\nFADE IN:\n\n## INT. DINER - NIGHT\n\nRosa wipes the counter.\n\nROSA\n(quietly)\nWe are closed.\n\nCUT TO:',
      'fallback',
    );
    expect(draft.title).toBe('Night Shift');
    expect(draft.scenes).toHaveLength(1);
    expect(draft.scenes[0]!.elements).toEqual([
      { kind: 'action', text: 'Rosa wipes the counter.' },
      { kind: 'dialogue', character: 'ROSA', line: 'We are closed.' },
    ]);
  });

  it('keeps the fallback title and puts text before any heading into a first scene', () => {
    const draft = readWrittenScript('A storm rolls in.\nMARA: Hold on.', 'The idea');
    expect(draft.title).toBe('The idea');
    expect(draft.scenes[0]!.elements).toHaveLength(2);
  });
});

describe('a book outline read back', () => {
  it('reads the title and chapter lines in any common form', () => {
    const outline = readOutline(
      '# Title: The Salt Road\n\n- Chapter 1: Departure - Ada leaves home.\n* Chapter Two: The Pass\n3. Chapter III. Home — She returns.',
      'x',
    );
    expect(outline.title).toBe('The Salt Road');
    expect(outline.chapters).toEqual([
      { title: 'Departure', summary: 'Ada leaves home.' },
      { title: 'The Pass', summary: '' },
      { title: 'Home', summary: 'She returns.' },
    ]);
  });

  it('writes the book under one heading per chapter, dropping headings the prose repeats', () => {
    const outline = {
      title: 'T',
      chapters: [
        { title: 'One', summary: '' },
        { title: 'Two', summary: '' },
      ],
    };
    const text = bookText(outline, [
      'One\n\nFirst prose.\nChapter 7: Stray\nMore.',
      '## Chapter 2: Two\nSecond prose.',
    ]);
    expect(text).toBe('Chapter 1: One\n\nFirst prose.\nMore.\n\n\nChapter 2: Two\n\nSecond prose.');
  });
});
