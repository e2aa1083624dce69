import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  headingName,
  isHeading,
  keyPhrases,
  markNames,
} from '../../../functions/engine/productions/chapter-marks';
import { planNarration } from '../../../functions/engine/productions/narration';
import { PRIDE_AND_PREJUDICE } from '../../fixtures/real-novels/pride-and-prejudice';
import { SCANDAL_IN_BOHEMIA } from '../../fixtures/real-novels/scandal-in-bohemia';
import { TOM_SAWYER } from '../../fixtures/real-novels/tom-sawyer';

const harbour = readFileSync(join(__dirname, '../../../docs/samples/harbour-chapter.txt'), 'utf8');

/** A non-fiction section (a textbook's), with numbered headings. */
const WATER_WITH_HEADINGS = `1. Evaporation

Heat from the sun warms the surface of oceans, lakes and rivers. Water molecules at the surface gain enough energy to escape into the air as water vapour. Warm, dry and windy days speed evaporation, which is why puddles vanish quickly in summer. Plants add to the water vapour too: their leaves release moisture through tiny pores, a process called transpiration.

2. Condensation

As warm air rises it expands and cools. Cool air holds less water vapour, so some of the vapour condenses onto tiny particles of dust and salt. Billions of these droplets together form the clouds we see. The same process puts dew on the grass on a cold morning.

3. Precipitation

When cloud droplets collide and grow heavy enough, they fall as rain. In cold clouds, ice crystals grow at the expense of droplets and fall as snow or hail. The amount of rain a region receives depends on the winds, the mountains and the distance from the sea.`;

/** The same subject as running text, without headings. */
const WATER_WITHOUT_HEADINGS = WATER_WITH_HEADINGS.replace(/^\d\. \w+\n\n/gm, '');

function expectNavigable(titles: string[]) {
  expect(new Set(titles.map((t) => t.toLowerCase())).size).toBe(titles.length);
  for (const title of titles) {
    expect(title).not.toMatch(/…|\.\.\.$/);
    expect(title.length).toBeGreaterThan(0);
    expect(title.length).toBeLessThanOrEqual(90);
  }
}

describe('section headings', () => {
  it('recognises numbered parts, divisions, capitals and short title lines', () => {
    for (const line of [
      'I.',
      'XIV',
      '3.',
      'CHAPTER IV',
      'Chapter 12',
      'Part Two',
      '1. The Harbour',
      'THE LONG NIGHT',
      'Down the Rabbit-Hole',
      'The Storm.',
      'Evaporation',
    ])
      expect(isHeading(line), line).toBe(true);
  });

  it('does not take prose, dialogue or cut-off lines for headings', () => {
    for (const line of [
      "'Well!' thought Alice to herself.",
      '"Hold the light steady," said Tobias.',
      'It was dark.',
      'Yes, of course',
      'The switch hovered in the air—the peril was desperate—',
      'The fishing boats will be coming home tonight and they will need every beam',
      'Stop. Listen',
      '',
    ])
      expect(isHeading(line), line).toBe(false);
  });

  it('names a heading for a listener', () => {
    expect(headingName('II.')).toBe('Part II');
    expect(headingName('CHAPTER IV')).toBe('Chapter IV');
    expect(headingName('ADVENTURE I. A SCANDAL IN BOHEMIA')).toBe('Adventure I. A Scandal in Bohemia');
    expect(headingName('The Storm.')).toBe('The Storm');
  });
});

describe('chapter marks of a narration', () => {
  it('names the sections of a story by their headings ("I.", "II.", "III.")', () => {
    const parts = planNarration(SCANDAL_IN_BOHEMIA.text);
    const titles = parts.map((p) => p.title);
    expectNavigable(titles);
    for (const numeral of ['II', 'III']) {
      const part = parts.find((p) => p.title === `Part ${numeral}`);
      expect(part, `a mark for part ${numeral}`).toBeDefined();
      // The mark is where the section begins.
      expect(part!.text.startsWith(`${numeral}.`)).toBe(true);
    }
    // Parts that continue a section carry its name and their own key phrase.
    expect(titles.some((t) => /^Part II: \S+ \S+/.test(t))).toBe(true);
  });

  it('names chapters by their headings in a book with CHAPTER lines', () => {
    const titles = planNarration(TOM_SAWYER.text).map((p) => p.title);
    expectNavigable(titles);
    expect(titles).toEqual(expect.arrayContaining(['Chapter I', 'Chapter II', 'Chapter III']));
  });

  it('names the parts of a chapter without headings after their key phrases (fiction)', () => {
    for (const text of [
      harbour,
      PRIDE_AND_PREJUDICE.text.split(/^Chapter 2\.$/m)[0]!.split(/^Chapter 1\.$/m)[1]!,
    ]) {
      const parts = planNarration(text.trim(), 600);
      expect(parts.length).toBeGreaterThan(2);
      const titles = parts.map((p) => p.title);
      expectNavigable(titles);
      for (const part of parts) {
        const words = part.title.split(/\s+/);
        expect(words.length, part.title).toBeGreaterThanOrEqual(2);
        expect(words.length, part.title).toBeLessThanOrEqual(5);
        // A phrase of the part itself, never its first words.
        expect(part.text.toLowerCase()).toContain(part.title.toLowerCase());
        expect(part.text.startsWith(part.title)).toBe(false);
      }
    }
  });

  it('names the sections of a textbook chapter by their numbered headings, else by key phrases (non-fiction)', () => {
    const headed = planNarration(WATER_WITH_HEADINGS, 2500).map((p) => p.title);
    expect(headed).toEqual(['1. Evaporation', '2. Condensation', '3. Precipitation']);
    const plain = planNarration(WATER_WITHOUT_HEADINGS, 400);
    expect(plain.length).toBeGreaterThan(1);
    expectNavigable(plain.map((p) => p.title));
    for (const part of plain) expect(part.text.toLowerCase()).toContain(part.title.toLowerCase());
    expect(keyPhrases(WATER_WITHOUT_HEADINGS).slice(0, 5).join(' | ')).toMatch(/water vapou?r/i);
  });

  it('never gives two parts the same name', () => {
    const same = 'The old lighthouse keeper climbed the stairs. The old lighthouse keeper lit the lamp.';
    const names = markNames([same, same, same]);
    expectNavigable(names);
    expect(markNames(['II.\n\nText.', 'II.\n\nText.'])).toEqual(['Part II', 'Part II (2)']);
  });
});
