import { describe, expect, it } from 'vitest';
import { spokenLines } from '../../../../functions/engine/text/fountain';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { isSpeechTag } from '../../../../functions/engine/text/local/passage';
import type { Screenplay, ScreenplayOptions } from '../../../../functions/engine/text/types';
import { WORKSHOP_CHAPTER } from '../../../fixtures/first-person';
import { HARBOUR_CHAPTER } from './chapters';

/**
 * The rules of a faithful script, on passages written for these tests: every spoken line is the
 * chapter's own words, nothing is put into another tense or person, dialogue goes to the speaker
 * the attribution gives, characters are present only when they act or speak, headings name the
 * passage's place, `auto` carries the whole chapter, and a set length abridges by whole sentences
 * and lists what it leaves out.
 */
const engine = createLocalTextEngine();

const options: ScreenplayOptions = {
  style: 'cinematic_movie',
  sceneCount: 3,
  targetDuration: 'auto',
  focusAreas: [],
  storyType: 'three_act',
  includeCharacterProfiles: true,
};
const write = (chapter: { title: string; content: string }, overrides: Partial<ScreenplayOptions> = {}) =>
  engine.screenplay({ bookTitle: 'The Workshop', chapter, options: { ...options, ...overrides } });

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const linesOf = (script: Screenplay) => script.scenes.flatMap((scene) => spokenLines(scene));

describe('a faithful script', () => {
  it('speaks only the chapter’s own words, in its order', async () => {
    for (const chapter of [WORKSHOP_CHAPTER, HARBOUR_CHAPTER]) {
      const script = await write(chapter);
      const text = collapse(chapter.content);
      let from = 0;
      for (const line of linesOf(script)) {
        const at = text.indexOf(collapse(line.text), from);
        expect(at, line.text).toBeGreaterThanOrEqual(0);
        from = at + collapse(line.text).length;
      }
    }
  });

  it('rewrites no tense or person', async () => {
    const script = await write(WORKSHOP_CHAPTER);
    const everything = script.scenes
      .flatMap((s) => [
        s.narration,
        ...s.action,
        ...s.key_actions,
        s.visual_description,
        ...s.dialogue.map((d) => d.line),
      ])
      .join(' ');
    expect(everything).not.toMatch(/\bI (?:are|rushes|throws|sees|is)\b|\bmights\b/);
    expect(everything).toContain('I rushed out of the room');
    expect(everything).not.toContain('I rush out of the room');
  });

  it('gives each line to the speaker the attribution names, aliases as one character', async () => {
    const script = await write(WORKSHOP_CHAPTER);
    expect(script.narrator).toBe('Victor');
    const lines = script.scenes.flatMap((s) => s.dialogue);
    const speakerOf = (words: string) => lines.find((l) => l.line.startsWith(words))?.character;
    // Victor's own words are his, or the narrator's (who is Victor): never Henry's.
    expect(speakerOf('Tell me how you left my father') ?? 'Victor').toBe('Victor');
    expect(speakerOf('My dear Victor')).toMatch(/Clerval/);
    expect(speakerOf('I have been working too hard')).toBe('Victor');
    // Henry and Clerval are one person: never two speakers.
    const speakers = new Set(lines.map((l) => l.character));
    expect([...speakers].filter((s) => /Henry|Clerval/.test(s))).toHaveLength(1);
    // Speech tags are not spoken by the narrator.
    for (const line of linesOf(script)) expect(isSpeechTag(line.text), line.text).toBe(false);
  });

  it('speaks lines written in straight single marks, as plain-text books write them', async () => {
    const content = [
      "There was a table set out under a tree, and the Hare and the Hatter were having tea at it. 'No room! No room!' cried the Hatter when he saw Alice coming.",
      "'There's PLENTY of room!' said Alice indignantly, and she sat down in a large arm-chair.",
      "'Have some wine,' the Hare said in an encouraging tone.",
      "Alice looked all round the table, but there was nothing on it but tea. 'I don't see any wine,' she remarked.",
      "'There isn't any,' said the Hare.",
      "'Then it wasn't very civil of you to offer it,' said Alice angrily.",
      "'Your hair wants cutting,' said the Hatter. He had been looking at Alice for some time.",
    ].join('\n\n');
    const script = await write({ title: 'A Mad Tea-Party', content }, { sceneCount: 1 });
    const lines = script.scenes.flatMap((s) => s.dialogue);
    const speakerOf = (words: string) => lines.find((l) => l.line.startsWith(words))?.character;
    expect(speakerOf("There's PLENTY of room!")).toMatch(/ALICE/i);
    expect(speakerOf("I don't see any wine")).toMatch(/ALICE/i);
    expect(speakerOf('Your hair wants cutting')).toMatch(/HATTER/i);
    // The marks stay out of the lines; an apostrophe ("don't") stays in.
    for (const line of lines) expect(line.line).not.toMatch(/^'|'$/);
    const text = collapse(content);
    for (const line of linesOf(script)) expect(text).toContain(collapse(line.text));
  });

  it('heads the room of a narrator nobody names without a name', async () => {
    const content = [
      'I returned to my room late that night. I lit a candle in my room and sat down by the window, weary and afraid.',
      'I thought of my home and of my father, and I wept for my folly and my pride. '.repeat(16).trim(),
      '“Is anyone there?” I said. No one answered. I walked up and down my room until the candle failed.',
      'At dawn Clerval knocked at the door. “You look ill,” said Clerval. “Come out into the air.”',
      '“I will,” I said, and I followed Clerval down the stairs and out into the street.',
      '“Where shall we go?” I asked. I was trembling, and my hands were cold.',
      '“To the river,” said Clerval. “The air will do you good.”',
      '“Then let us go,” I replied, and I took his arm. I did not look back at my room.',
    ].join('\n\n');
    const script = await write({ title: 'Night', content }, { sceneCount: 2 });
    for (const scene of script.scenes) expect(scene.heading).not.toMatch(/\bTHE[’']S\b/);
  });

  it('does not read out the tag and manner between two parts of a line', async () => {
    const content = [
      'Clerval came into the courtyard and took my hand.',
      '“Very well, and very happy,” said Clerval. “But, my dear Victor,” continued he, stopping short and gazing full in my face, “I did not before remark how very ill you appear.”',
      '“I have been working too hard,” said Victor.',
    ].join('\n\n');
    const script = await write({ title: 'Courtyard', content }, { sceneCount: 1 });
    for (const line of linesOf(script)) expect(line.text).not.toMatch(/continued he|stopping short/);
    const lines = script.scenes.flatMap((s) => s.dialogue).map((l) => l.line);
    expect(lines.some((l) => l.startsWith('I did not before remark'))).toBe(true);
  });

  it('lists only characters who act or speak in the scene', async () => {
    const script = await write(WORKSHOP_CHAPTER);
    const all = script.scenes.flatMap((s) => s.characters);
    // Elizabeth is dreamed of and asked after; Dante is a comparison.
    expect(all).not.toContain('Elizabeth');
    expect(all).not.toContain('Dante');
    expect(script.characters).not.toContain('Dante');
    const meeting = script.scenes.find((s) => s.dialogue.length > 0)!;
    expect(meeting.characters.some((c) => /Clerval/.test(c))).toBe(true);
    for (const scene of script.scenes) {
      for (const line of scene.dialogue) expect(scene.characters).toContain(line.character);
      // The narrator is in every scene whose narration has "I" do something.
      expect(scene.characters).toContain('Victor');
    }
  });

  it('heads a scene with the passage’s own place, whose it is included', async () => {
    const script = await write(WORKSHOP_CHAPTER);
    expect(script.scenes[0]!.heading).toBe('INT. VICTOR’S ROOM - NIGHT');
    const visit = {
      title: 'The Visit',
      content: [
        'The next morning Clerval came to fetch me, and we walked together through the wet streets to his lodgings.',
        'Clerval’s room was small and bright, with a window over the river and books piled on every chair. He cleared one for me and lit the fire.',
        '“Sit down, Victor,” said Clerval. “You look as if you had not slept for a week.”',
        '“I have not,” I answered. I stared at the fire and said nothing more, and he did not press me.',
        'In the evening we went out along the river. The lamps were lit on the bridge, and the water ran black beneath it.',
      ].join('\n\n'),
    };
    const scenes = (await write(visit)).scenes;
    expect(scenes[0]!.heading).toMatch(/^INT\. CLERVAL’S ROOM - (?:MORNING|DAY)$/);
    expect(scenes.at(-1)!.heading).toMatch(/^EXT\. (?:RIVER|BRIDGE)\b.* - EVENING$/);
  });

  it('carries the whole chapter with target auto', async () => {
    const script = await write(WORKSHOP_CHAPTER);
    const spoken = collapse(
      linesOf(script)
        .map((l) => l.text)
        .join(' '),
    );
    const words = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];
    const said = new Set(words(spoken));
    const chapterWords = words(WORKSHOP_CHAPTER.content);
    // Every word but those of speech tags ("exclaimed Clerval", "said I") is spoken.
    const unsaid = new Set(chapterWords.filter((w) => !said.has(w)));
    expect(unsaid.size).toBeGreaterThan(0);
    for (const word of unsaid) expect(['answered', 'exclaimed', 'said']).toContain(word);
    expect(script.scenes.some((s) => s.omitted)).toBe(false);
  });

  it('abridges to a set length by whole sentences and lists what it leaves out', async () => {
    const long = {
      title: 'Long',
      content: Array.from({ length: 6 }, () => HARBOUR_CHAPTER.content).join('\n\n* * *\n\n'),
    };
    const script = await write(long, { targetDuration: 3, sceneCount: 5 });
    expect(script.estimated_duration).toBe(180);
    const omitted = script.scenes.flatMap((s) => s.omitted ?? []);
    expect(omitted.length).toBeGreaterThan(0);
    const spokenWords = linesOf(script).reduce((sum, l) => sum + l.text.split(/\s+/).length, 0);
    expect(spokenWords).toBeLessThanOrEqual(3 * 60 * 2.5);
    expect(spokenWords).toBeGreaterThan(3 * 60 * 2.5 * 0.6);
    for (const gap of omitted) {
      const passage = long.content.slice(gap.source_start, gap.source_end);
      // Whole sentences: a passage left out starts a sentence and ends one.
      expect(passage).toMatch(/^["“A-Z]/);
      expect(passage).toMatch(/[.!?…]["”]?$/);
      expect(collapse(passage).startsWith(gap.opening.replace(/…$/, ''))).toBe(true);
      expect(gap.words).toBeGreaterThan(0);
    }
    // What is kept and what is left out do not overlap.
    const text = collapse(long.content);
    for (const line of linesOf(script)) expect(text).toContain(collapse(line.text));
    expect(script.fountain).toMatch(/\[\[Left out \(\d+ words\): /);
  });

  it('reads the whole passage as voice-over in a narrated script', async () => {
    const script = await write(WORKSHOP_CHAPTER, { style: 'cinematic_narration' });
    expect(script.scenes.every((s) => s.dialogue.length === 0)).toBe(true);
    expect(collapse(script.scenes.map((s) => s.narration).join(' '))).toBe(
      collapse(WORKSHOP_CHAPTER.content),
    );
  });
});
