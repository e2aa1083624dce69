import { describe, expect, it } from 'vitest';
import { createLocalTextEngine } from '../../../../functions/engine/text/local';
import { HARBOUR_CHAPTER, STUDY_CHAPTER } from './chapters';

const engine = createLocalTextEngine();
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('summarize', () => {
  it('returns a summary of narrative sentences and 3–6 distinct key points', async () => {
    const result = await engine.summarize({
      text: HARBOUR_CHAPTER.content,
      maxSentences: 3,
      maxKeyPoints: 4,
    });
    expect(result.summary.length).toBeGreaterThan(100);
    expect(result.summary).not.toMatch(/^"/);
    expect(result.key_points).toHaveLength(4);
    expect(new Set(result.key_points).size).toBe(4);
    const clamped = await engine.summarize({ text: HARBOUR_CHAPTER.content, maxKeyPoints: 50 });
    expect(clamped.key_points.length).toBeLessThanOrEqual(6);
    expect(clamped.key_points.length).toBeGreaterThanOrEqual(3);
  });

  it('rejects empty and over-long text', async () => {
    await expect(engine.summarize({ text: ' ' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(engine.summarize({ text: 'a '.repeat(150_001) })).rejects.toMatchObject({
      code: 'text_too_long',
    });
  });
});

describe('generate', () => {
  it('answers from the context sentences that share the prompt’s words', async () => {
    const { text } = await engine.generate({
      prompt: 'What does Brannigan do at the lighthouse?',
      context: HARBOUR_CHAPTER.content,
      maxWords: 120,
    });
    expect(text).toMatch(/^Here is what the text says about Brannigan at the lighthouse\./);
    expect(text).toContain('He had kept the lighthouse at Port Kessel for forty years');
    expect(text).not.toContain('Gull and Lantern');
    expect(words(text)).toBeLessThanOrEqual(120);
  });

  it('ends with a line naming what the text connects the topic with, within the word limit', async () => {
    const { text } = await engine.generate({
      prompt: 'Tell me about the letter',
      context: STUDY_CHAPTER.content,
      maxWords: 150,
    });
    expect(text).toContain('a half-burnt letter');
    expect(text).toMatch(/In short, the text connects the letter with .+\.$/);
    const short = await engine.generate({
      prompt: 'Tell me about the letter',
      context: STUDY_CHAPTER.content,
      maxWords: 20,
    });
    expect(words(short.text)).toBeLessThanOrEqual(20);
  });

  it('summarises when asked to', async () => {
    const { text } = await engine.generate({
      prompt: 'Summarise this chapter',
      context: STUDY_CHAPTER.content,
    });
    // Who the text is about, then its own most telling sentences.
    expect(text).toMatch(
      /^Here is a summary of the text\. It is about Lowell, Mrs\. Pell and Julian\. Inspector Ada Lowell arrived at Ashgrove Hall/,
    );
  });

  it('answers what the prompt asks about the text it is given, never with sample text', async () => {
    const context = [
      'Safie rode into the village at dusk, her dark hair loose under a black veil.',
      'The cottagers had waited for her all winter, and Felix ran down the lane to meet her.',
      '“My sweet Arabian,” said Felix, and he lifted her from the horse.',
      'Safie laughed and took his hands, and the old man listened to her voice from the doorway.',
      'That night Safie sang for them by the fire, and Agatha wept to hear her.',
    ].join(' ');
    const who = await engine.generate({ prompt: 'Who is the main character?', context });
    expect(who.text).toMatch(/^The text is mostly about Safie\. Also in it: Felix/);
    for (const sentence of who.text.split(/(?<=\.) /).slice(2)) expect(context).toContain(sentence);
    const genre = await engine.generate({ prompt: 'What genre is this?', context });
    expect(genre.text).toMatch(/^The text reads as an? [a-z ,]+\.$/);
    // The text may be written into the prompt itself.
    const inline = await engine.generate({
      prompt:
        'Summarise this: The keeper Tobias rowed out through the storm to the wreck on the reef and brought three sailors home.',
    });
    expect(inline.text).toBe(
      'Here is a summary of the text. It is about Tobias. The keeper Tobias rowed out through the storm to the wreck on the reef and brought three sailors home.',
    );
    const none = await engine.generate({ prompt: 'Summarise the story' });
    expect(none.text).toMatch(/^I had no source text to work from/);
    expect(none.text).not.toMatch(/keeper|storm|Mara/);
  });

  it('says when the text does not cover the question, and when there is no text', async () => {
    const off = await engine.generate({ prompt: 'What about spaceships?', context: STUDY_CHAPTER.content });
    expect(off.text).toMatch(
      /^The text does not mention spaceships directly; these are its most telling passages\./,
    );
    const none = await engine.generate({ prompt: 'Who is the villain?' });
    expect(none.text).toMatch(/^I had no source text to work from/);
    expect(none.text).toContain('the villain');
    await expect(engine.generate({ prompt: '  ' })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('analyzeSafety', () => {
  it('rates calm text general and safe', async () => {
    const report = await engine.analyzeSafety({
      text: 'The children walked to school and watched the ducks on the pond.',
    });
    expect(report).toEqual({ rating: 'general', safe: true, flags: [] });
  });

  it('flags violence in a mystery with its sentence, as teen', async () => {
    const report = await engine.analyzeSafety({ text: STUDY_CHAPTER.content });
    expect(report.rating).toBe('teen');
    expect(report.safe).toBe(true);
    expect(report.flags).toContainEqual({
      category: 'violence',
      severity: 'medium',
      excerpt: '"But I did not kill him.',
    });
  });

  it('rates strong language and graphic violence mature and unsafe', async () => {
    const report = await engine.analyzeSafety({
      text: 'He swore, "Fuck this." Then the soldiers tortured the prisoners and the massacre began.',
    });
    expect(report.rating).toBe('mature');
    expect(report.safe).toBe(false);
    expect(report.flags.map((f) => [f.category, f.severity])).toEqual(
      expect.arrayContaining([
        ['language', 'high'],
        ['violence', 'high'],
      ]),
    );
  });

  it('ignores idioms that only look violent', async () => {
    const report = await engine.analyzeSafety({
      text: 'She shot a glance at the clock; they were killing time until the bus came.',
    });
    expect(report.flags).toEqual([]);
  });
});
