import { describe, expect, it } from 'vitest';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { EngineError } from '../../../../functions/engine/types';
import type { Screenplay, ScreenplayOptions, StoryType } from '../../../../functions/engine/text/types';
import { CHAPTERS, FOREST_CHAPTER, HARBOUR_CHAPTER, STUDY_CHAPTER } from './chapters';
import { readFountain } from './fountain-reader';

const engine = createLocalTextEngine();
const options: ScreenplayOptions = {
  style: 'cinematic_movie',
  sceneCount: 5,
  targetDuration: 'auto',
  focusAreas: [],
  storyType: 'hero_journey',
  includeCharacterProfiles: false,
  seed: 7,
};
const script = (chapter: { title: string; content: string }, overrides: Partial<ScreenplayOptions> = {}) =>
  engine.screenplay({ bookTitle: 'Tales of the Coast', chapter, options: { ...options, ...overrides } });

/** A name appears in a passage when its title-less form, or one of its words, does. */
function appearsIn(name: string, passage: string): boolean {
  const key = name.replace(/^(?:(?:Mr|Mrs|Ms|Dr|Captain|Inspector|Lord|Lady|Old|Master)\.?\s+)+/, '');
  return key.split(/\s+/).some((word) => word.length >= 3 && new RegExp(`\\b${word}\\b`).test(passage));
}

async function expectEngineError(promise: Promise<unknown>, code: string): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe(code);
  return error as EngineError;
}

describe('screenplay scenes', () => {
  it('is deterministic for the same chapter and options', async () => {
    expect(await script(HARBOUR_CHAPTER)).toEqual(await script(HARBOUR_CHAPTER));
  });

  it('never cuts a voice-over after a title such as "Mr."', async () => {
    const content = [
      'The night train left the city late, and Ada was the last passenger to climb aboard.',
      '“You will want carriage C,” said the conductor.',
      'In carriage C an old man sat by the window with a ledger open on his knees.',
      'His name, he told her, was Mr. Fenwick, and he had been a bookkeeper for forty years.',
      '“Music at this hour?” asked Mr. Fenwick.',
      'The train rattled north through the dark, past Dr. Hale’s cottage and St. Mary’s church.',
    ].join('\n\n');
    const play = await script({ title: 'The Night Train', content }, { sceneCount: 3 });
    for (const scene of play.scenes) expect(scene.narration).not.toMatch(/\b(?:Mr|Mrs|Dr|St)\.$/);
    expect(play.scenes.map((s) => s.narration).join(' ')).not.toContain('was Mr.”');
  });

  it('another take keeps the same passages and picks other lines from them', async () => {
    const [first, second] = [
      await script(HARBOUR_CHAPTER, { sceneCount: 3 }),
      await script(HARBOUR_CHAPTER, { sceneCount: 3, take: 1 }),
    ];
    expect(await script(HARBOUR_CHAPTER, { sceneCount: 3, take: 1 })).toEqual(second);
    expect(second.scenes.map((s) => [s.source_start, s.source_end, s.location])).toEqual(
      first.scenes.map((s) => [s.source_start, s.source_end, s.location]),
    );
    expect(second.scenes.map((s) => s.action)).not.toEqual(first.scenes.map((s) => s.action));
    for (const scene of second.scenes)
      for (const line of scene.dialogue) expect(scene.characters).toContain(line.character);
  });

  it.each(CHAPTERS.map((c) => [c.title, c] as const))(
    'covers "%s" in order with the requested scenes',
    async (_, chapter) => {
      const result = await script(chapter);
      expect(result.scenes).toHaveLength(5);
      expect(result.scenes[0]!.source_start).toBe(0);
      expect(result.scenes.at(-1)!.source_end).toBe(chapter.content.length);
      result.scenes.forEach((scene, i) => {
        expect(scene.scene_number).toBe(i + 1);
        expect(scene.source_end).toBeGreaterThan(scene.source_start);
        if (i > 0) expect(scene.source_start).toBe(result.scenes[i - 1]!.source_end);
      });
    },
  );

  it.each(CHAPTERS.map((c) => [c.title, c] as const))(
    'names in "%s" only characters that appear in each passage',
    async (_, chapter) => {
      const result = await script(chapter, { sceneCount: 6 });
      for (const scene of result.scenes) {
        const passage = chapter.content.slice(scene.source_start, scene.source_end);
        for (const name of scene.characters)
          expect(appearsIn(name, passage), `${name} in scene ${scene.scene_number}`).toBe(true);
        for (const line of scene.dialogue) expect(scene.characters).toContain(line.character);
      }
      expect(result.characters.length).toBeGreaterThan(0);
      for (const name of result.characters) expect(appearsIn(name, chapter.content)).toBe(true);
    },
  );

  it('cuts at the author’s scene breaks and at shifts of time', async () => {
    const harbour = await script(HARBOUR_CHAPTER, { sceneCount: 3 });
    const opening = (s: Screenplay['scenes'][number]) =>
      HARBOUR_CHAPTER.content.slice(s.source_start).trimStart().slice(0, 20);
    expect(harbour.scenes.map(opening)).toEqual([
      'The fog came in earl',
      'The Gull and Lantern',
      'Long after midnight ',
    ]);
    const study = await script(STUDY_CHAPTER, { sceneCount: 3 });
    expect(
      study.scenes.map((s) => STUDY_CHAPTER.content.slice(s.source_start).trimStart().slice(0, 14)),
    ).toEqual(['Inspector Ada ', 'That afternoon', 'By evening the']);
  });

  it('reads time of day, interior or exterior, places and sounds from each passage', async () => {
    const harbour = await script(HARBOUR_CHAPTER, { sceneCount: 3 });
    expect(harbour.scenes.map((s) => s.time_of_day)).toEqual(['evening', 'evening', 'night']);
    expect(harbour.scenes.map((s) => s.setting_type)).toEqual(['EXT', 'INT', 'INT']);
    expect(harbour.scenes[0]!.location).toContain('Port Kessel');
    expect(harbour.scenes[1]!.location).toBe('Tavern');
    expect(harbour.scenes[1]!.audio_requirements).toEqual(
      expect.arrayContaining(['music', 'rain', 'door creak', 'door slam']),
    );
    expect(harbour.scenes[1]!.audio_requirements).not.toContain('gulls');
    expect(harbour.scenes[2]!.audio_requirements).toEqual(expect.arrayContaining(['wind', 'waves']));
    expect(harbour.scenes[1]!.heading).toBe('INT. TAVERN - EVENING');

    const study = await script(STUDY_CHAPTER, { sceneCount: 3 });
    expect(study.scenes.map((s) => s.time_of_day)).toEqual(['morning', 'afternoon', 'evening']);
    expect(study.scenes[0]!.location).toContain('Ashgrove Hall');
    const forest = await script(FOREST_CHAPTER, { sceneCount: 3 });
    expect(forest.scenes.map((s) => s.time_of_day)).toEqual(['dawn', 'day', 'dusk']);
    expect(forest.scenes.every((s) => s.setting_type === 'EXT')).toBe(true);
    expect(forest.scenes[2]!.mood).toBe('epic');
  });

  it('keeps the passage’s real dialogue, attributed, and describes what happens', async () => {
    const result = await script(HARBOUR_CHAPTER, { sceneCount: 3 });
    const tavern = result.scenes[1]!;
    expect(tavern.dialogue).toContainEqual(
      expect.objectContaining({
        scene_number: 2,
        character: 'Morrow',
        line: 'You should be',
        parenthetical: 'muttering',
      }),
    );
    for (const scene of result.scenes) {
      const passage = HARBOUR_CHAPTER.content
        .slice(scene.source_start, scene.source_end)
        .replace(/\s+/g, ' ');
      // Each line is a quoted part of the passage, word for word.
      for (const line of scene.dialogue) expect(passage).toContain(line.line);
      expect(scene.visual_description.length).toBeGreaterThan(40);
      expect(scene.key_actions.length).toBeGreaterThan(0);
      expect(scene.action.length).toBeGreaterThan(0);
    }
    // What happens is told in the book's words, never rewritten into another tense.
    expect(result.scenes[1]!.key_actions).toContain('Captain Elias Morrow stood at the bar');
  });

  it('writes action from narration only, without leftover speech tags', async () => {
    const chapter = {
      title: 'Tags',
      content:
        '"Go now," said Iris, and Willem followed the silver android into the dark station.\n\n' +
        '"Wait," Willem whispered. Iris stopped at the airlock door and listened to the engines.\n\n' +
        'The red lights of the station flickered above them while Willem checked the map.',
    };
    const result = await script(chapter, { sceneCount: 3 });
    const actions = result.scenes.flatMap((s) => s.action);
    expect(actions).toContain('Willem followed the silver android into the dark station');
    for (const line of actions) expect(line).not.toMatch(/\b(said|whispered)\b|^["a-z]/);
  });

  it('writes narration as the main content of a narrated script', async () => {
    const result = await script(FOREST_CHAPTER, { style: 'cinematic_narration', sceneCount: 3 });
    for (const scene of result.scenes) {
      expect(scene.dialogue).toEqual([]);
      expect(scene.narration.split(/\s+/).length).toBeGreaterThan(40);
      // The narrator reads the passage as written, quotations and tags included.
      const passage = FOREST_CHAPTER.content.slice(scene.source_start, scene.source_end).replace(/\s+/g, ' ');
      for (const paragraph of scene.narration.split('\n\n')) expect(passage).toContain(paragraph);
    }
    // A film script gives the quotations to their speakers and keeps the rest as voice-over.
    const movie = await script(FOREST_CHAPTER, { sceneCount: 3 });
    for (const scene of movie.scenes) {
      expect(scene.dialogue.length).toBeGreaterThan(0);
      expect(scene.narration).not.toMatch(/["“”]/);
    }
  });
});

describe('screenplay timing and structure', () => {
  it('splits a target duration exactly across the scenes of a chapter longer than it', async () => {
    // The harbour chapter takes about four minutes to tell; three minutes abridge it.
    const result = await script(HARBOUR_CHAPTER, { targetDuration: 3 });
    expect(result.scenes.reduce((sum, s) => sum + s.estimated_duration, 0)).toBe(180);
    expect(result.estimated_duration).toBe(180);
    expect(Math.min(...result.scenes.map((s) => s.estimated_duration))).toBeGreaterThanOrEqual(8);
  });

  it('sizes scenes by what they say when the duration is automatic, and never pads a short chapter', async () => {
    const short = await script(FOREST_CHAPTER, { targetDuration: 'auto' });
    expect(short.estimated_duration).toBe(short.scenes.reduce((sum, s) => sum + s.estimated_duration, 0));
    expect(short.scenes.every((s) => s.estimated_duration >= 8)).toBe(true);
    // About 580 words at 2.5 words a second, with the pauses between lines.
    expect(short.estimated_duration).toBeGreaterThan(200);
    expect(short.estimated_duration).toBeLessThan(330);
    const narrated = await script(FOREST_CHAPTER, { targetDuration: 30, style: 'cinematic_narration' });
    const auto = await script(FOREST_CHAPTER, { style: 'cinematic_narration' });
    expect(narrated.scenes.map((s) => s.narration)).toEqual(auto.scenes.map((s) => s.narration));
    expect(narrated.estimated_duration).toBeLessThan(30 * 60);
    expect(narrated.scenes.some((s) => s.omitted)).toBe(false);
  });

  it.each([
    ['hero_journey', 3, 12, 'Ordinary World', 'Return with the Elixir'],
    ['three_act', 3, 8, 'Exposition', 'Resolution'],
    ['save_the_cat', 3, 15, 'Opening Image', 'Final Image'],
    ['story_circle', 4, 8, 'You', 'Change'],
    ['seven_point', 3, 7, 'Hook', 'Resolution'],
    ['freytag', 5, 7, 'Exposition', 'Dénouement'],
  ] as const)(
    'builds %s acts and beats over the scenes',
    async (storyType: StoryType, acts, beats, first, last) => {
      const result = await script(HARBOUR_CHAPTER, { storyType, sceneCount: 6, targetDuration: 3 });
      expect(result.story_type).toBe(storyType);
      expect(result.acts).toHaveLength(acts);
      expect(result.acts.reduce((sum, a) => sum + a.scenes, 0)).toBe(6);
      expect(result.acts.reduce((sum, a) => sum + a.duration, 0)).toBeCloseTo(3, 0);
      expect(result.beats).toHaveLength(beats);
      expect(result.beats[0]).toMatchObject({ name: first, scene_number: 1 });
      expect(result.beats.at(-1)).toMatchObject({ name: last, scene_number: 6 });
      const numbers = result.beats.map((b) => b.scene_number);
      expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    },
  );

  it('includes character profiles only when asked, reusing the book’s own', async () => {
    expect((await script(HARBOUR_CHAPTER)).character_details).toEqual([]);
    const derived = await script(HARBOUR_CHAPTER, { includeCharacterProfiles: true });
    expect(derived.character_details.map((c) => c.name)).toEqual(derived.characters);
    expect(derived.character_details.find((c) => c.name === 'Nell')?.role).toBe('protagonist');
    const book = {
      ...derived.character_details[0]!,
      name: 'Nell Harper',
      voice: 'en-GB-female-2',
      seed: 1234,
    };
    const reused = await engine.screenplay({
      bookTitle: 'Tales of the Coast',
      chapter: HARBOUR_CHAPTER,
      characters: [book],
      options: { ...options, includeCharacterProfiles: true },
    });
    expect(reused.characters).toContain('Nell Harper');
    expect(reused.character_details.find((c) => c.name === 'Nell Harper')).toMatchObject({
      voice: 'en-GB-female-2',
      seed: 1234,
    });
  });

  it('has a title and a logline naming the protagonist', async () => {
    const result = await script(HARBOUR_CHAPTER);
    expect(result.title).toBe('The Lantern at Port Kessel');
    expect(result.logline).toMatch(/^This adventure follows Nell, with Crane, Morrow and Brannigan\. /);
  });
});

describe('screenplay Fountain', () => {
  it('is valid Fountain that matches the structured script', async () => {
    const result = await script(HARBOUR_CHAPTER, { sceneCount: 4 });
    const doc = readFountain(result.fountain);
    expect(doc.titlePage).toMatchObject({
      Title: result.title,
      Author: 'BookStudio',
      Source: 'Based on "Tales of the Coast"',
    });
    expect(doc.titlePage.Credit).toBeTruthy();
    const headings = doc.elements
      .filter((e) => e.type === 'heading')
      .map((e) => (e.type === 'heading' ? e.text : ''));
    expect(headings).toEqual(result.scenes.map((s) => `${s.heading} #${s.scene_number}#`));
    const transitions = doc.elements
      .filter((e) => e.type === 'transition')
      .map((e) => (e.type === 'transition' ? e.text : ''));
    expect(transitions.slice(0, -1)).toHaveLength(3);
    for (const t of transitions.slice(0, -1)) expect(['CUT TO:', 'DISSOLVE TO:']).toContain(t);
    expect(transitions.at(-1)).toBe('FADE OUT.');
    const speeches = doc.elements.flatMap((e) => (e.type === 'speech' ? [e] : []));
    const cues = new Set(speeches.map((s) => s.character));
    for (const cue of cues) {
      expect(cue === 'NARRATOR (V.O.)' || result.characters.some((c) => c.toUpperCase() === cue), cue).toBe(
        true,
      );
    }
    const lines = result.scenes.flatMap((s) => s.dialogue);
    const spoken = speeches.filter((s) => s.character !== 'NARRATOR (V.O.)');
    expect(spoken.map((s) => [s.character, s.parenthetical, s.lines.join(' ')])).toEqual(
      lines.map((l) => [l.character.toUpperCase(), l.parenthetical, l.line]),
    );
    expect(speeches.some((s) => s.character === 'NARRATOR (V.O.)')).toBe(true);
  });

  it('uses voice-over for every scene of a narrated script, and no character cue', async () => {
    const result = await script(STUDY_CHAPTER, { style: 'cinematic_narration', sceneCount: 3 });
    const doc = readFountain(result.fountain);
    const speeches = doc.elements.filter((e) => e.type === 'speech');
    expect(speeches.every((e) => e.type === 'speech' && e.character === 'NARRATOR (V.O.)')).toBe(true);
    // One voice-over block per paragraph of each scene.
    const paragraphs = result.scenes.reduce((sum, s) => sum + s.narration.split('\n\n').length, 0);
    expect(speeches).toHaveLength(paragraphs);
    expect(paragraphs).toBeGreaterThanOrEqual(3);
  });
});

describe('screenplay input rules', () => {
  it('rejects empty chapters', async () => {
    await expectEngineError(script({ title: 'Empty', content: '  \n ' }), 'invalid_input');
  });

  // How fast the refusal comes: `npm run bench:text`.
  it('refuses a 200 000-word chapter with the spec message', async () => {
    const error = await expectEngineError(
      script({ title: 'Huge', content: 'word '.repeat(200_000) }),
      'text_too_long',
    );
    expect(error.message).toBe(
      'This chapter is too long to process at once (200 000 words; the limit is 150 000). Split it into smaller chapters.',
    );
  });

  it('rejects unknown styles and story types', async () => {
    await expectEngineError(
      script(HARBOUR_CHAPTER, { style: 'musical' as ScreenplayOptions['style'] }),
      'unknown_style',
    );
    await expectEngineError(
      script(HARBOUR_CHAPTER, { storyType: 'kishotenketsu' as StoryType }),
      'unknown_style',
    );
  });

  it.each([0, 2, 16, 4.5, Number.NaN])(
    'falls back to 5 scenes for a scene count of %s',
    async (sceneCount) => {
      expect((await script(HARBOUR_CHAPTER, { sceneCount })).scenes).toHaveLength(5);
    },
  );

  it('makes fewer scenes than asked when the chapter has fewer sentences', async () => {
    const result = await script(
      { title: 'Short', content: 'Ada opened the door. Tom waited in the rain.' },
      { sceneCount: 5 },
    );
    expect(result.scenes).toHaveLength(2);
    expect(result.scenes.at(-1)!.source_end).toBe(44);
  });
});
