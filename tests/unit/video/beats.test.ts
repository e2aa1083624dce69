import { describe, expect, it } from 'vitest';
import { sceneBeats, scriptSceneSeconds } from '../../../functions/video/jobs/plan';
import type { ScriptRecord } from '../../../functions/scripts/model';

/**
 * What a scene of a script says, in the book's order: the narration's stretches and the lines placed
 * between them by `after_narration`, word for word; older scripts without that order speak their
 * narration first; a scene with nothing said is told by its description.
 */
type Scene = ScriptRecord['scenes'][number];
const scene = (fields: Partial<Scene>): Scene =>
  ({
    scene_number: 1,
    heading: 'INT. ROOM - NIGHT',
    location: 'a room',
    setting_type: 'INT',
    time_of_day: 'night',
    estimated_duration: 10,
    visual_description: 'A dark room.',
    description: 'A dark room.',
    key_actions: [],
    audio_requirements: [],
    characters: ['Clerval'],
    mood: 'tense',
    action: ['The candle gutters.'],
    dialogue: [],
    narration: '',
    ...fields,
  }) as Scene;

const voiced = (name: string) => ({ name, voice: `${name.toLowerCase()}-voice` });

describe("a scene's beats", () => {
  it("interleave the narration's stretches and the lines as the book tells them", () => {
    const beats = sceneBeats(
      scene({
        narration: 'I rushed out of the room.\n\nMorning came at last.\n\nI grasped his hand.',
        dialogue: [
          { scene_number: 1, character: 'Clerval', line: 'My dear Victor!', after_narration: 2 },
          { scene_number: 1, character: 'Victor', line: 'You are welcome, Henry.', after_narration: 3 },
          { scene_number: 1, character: 'Clerval', line: 'How ill you look.', after_narration: 2 },
        ],
      }),
      'narrator-voice',
      voiced,
    );
    expect(beats.map((b) => [b.kind, b.kind === 'dialogue' ? b.character : null, b.text])).toEqual([
      ['narration', null, 'I rushed out of the room.'],
      ['narration', null, 'Morning came at last.'],
      ['dialogue', 'Clerval', 'My dear Victor!'],
      ['dialogue', 'Clerval', 'How ill you look.'],
      ['narration', null, 'I grasped his hand.'],
      ['dialogue', 'Victor', 'You are welcome, Henry.'],
    ]);
    expect(beats.map((b) => b.voice)).toEqual([
      'narrator-voice',
      'narrator-voice',
      'clerval-voice',
      'clerval-voice',
      'narrator-voice',
      'victor-voice',
    ]);
  });

  it('speak an older script’s narration first, skip empty lines, and tell a silent scene by its description', () => {
    const older = sceneBeats(
      scene({
        narration: 'It was a dreary night.',
        dialogue: [
          { scene_number: 1, character: 'Clerval', line: 'Victor?' },
          { scene_number: 1, character: ' ', line: 'nobody' },
          { scene_number: 1, character: 'Victor', line: '   ' },
        ],
      }),
      'n',
      voiced,
    );
    expect(older.map((b) => b.text)).toEqual(['It was a dreary night.', 'Victor?']);
    expect(sceneBeats(scene({}), 'n', voiced)).toEqual([
      { kind: 'narration', text: 'A dark room.', voice: 'n' },
    ]);
    expect(sceneBeats(scene({ visual_description: '', action: [] }), 'n', voiced)).toEqual([]);
  });

  it('never tell a scene read from the chapter by its description, whose words are not the book’s', () => {
    // The passage of characters 1253–1639 lies inside a quotation the scene before speaks whole.
    const inside = scene({
      visual_description: 'Unspecified location, day.',
      source_start: 1253,
      source_end: 1639,
    });
    expect(sceneBeats(inside, 'n', voiced)).toEqual([]);
  });

  it("make the scene's planned length the whole of what it says", () => {
    const long = scene({
      narration: Array.from({ length: 12 }, () => 'I walked on through the rain.').join('\n\n'),
    });
    const short = scene({ narration: 'I walked on through the rain.' });
    const pace = 'slowest' as const;
    expect(scriptSceneSeconds(long, pace)).toBeGreaterThan(scriptSceneSeconds(short, pace) * 8);
  });
});
