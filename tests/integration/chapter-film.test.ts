import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filmChapter, uploadChapter, type ChapterFigures } from '../bench/pipeline-chapter';
import { corpusBook, sharedMissing } from '../bench/writing-corpus';
import { startTestRuntime, upgradeToBasic, type TestRuntime } from './helpers';

/**
 * A chapter film through the public API, as a new user makes one: the chapter uploaded, its plot
 * made, a script with target duration `auto`, the whole pipeline run to the film. The film tells
 * the chapter in its own words (every narration and dialogue line a passage of the chapter), its
 * subtitles show at least 90 % of the chapter's words with at least 95 % of their word pairs the
 * book's own, at most 10 % of its 8-second windows barely change, and the studio's timeline, the
 * generation's status and the file agree on its length within half a second. On a short excerpt
 * committed here (always), and on a whole real chapter from ../shared/corpus (when it is there).
 */

/** The opening of "The Black Spot", Treasure Island (R. L. Stevenson, 1883; public domain). */
export const BLACK_SPOT_OPENING = [
  'About noon I stopped at the captain’s door with some cooling drinks and medicines. He was lying very much as we had left him, only a little higher, and he seemed both weak and excited.',
  '“Jim,” he said, “you’re the only one here that’s worth anything; and you know I’ve always been good to you. Never a month but I’ve given you a silver fourpenny for yourself. And now you see, mate, I’m pretty low, and deserted by all; and, Jim, you’ll bring me one noggin of rum, now, won’t you, matey?”',
  '“The doctor—” I began.',
  'But he broke in, cursing the doctor in a feeble voice, but heartily. “Doctors is all swabs,” he said; “and that doctor there, why, what do he know about seafaring men? I been in places hot as pitch, and mates dropping round with yellow jack, and the blessed land a-heaving like the sea with earthquakes—what do the doctor know of lands like that?—and I lived on rum, I tell you. It’s been meat and drink, and man and wife, to me; and if I am not to have my rum now I’m a poor old hulk on a lee shore. My blood’ll be on you, Jim, and that doctor swab,” and he ran on again for a while with curses. “Look, Jim, how my fingers fidges,” he continued in the pleading tone. “I can’t keep ’em still, not I. I haven’t had a drop this blessed day. That doctor’s a fool, I tell you. If I don’t have a drain o’ rum, Jim, I’ll have the horrors; I seen some on ’em already. I seen old Flint in the corner there, behind you; as plain as print, I seen him; and if I get the horrors, I’m a man that has lived rough, and I’ll raise Cain. Your doctor hisself said one glass wouldn’t hurt me. I’ll give you a golden guinea for a noggin, Jim.”',
  'He was growing more and more excited, and this alarmed me, for my father, who was very low that day, needed quiet; besides, I was reassured by the doctor’s words, now quoted to me, and rather offended by the offer of a bribe.',
].join('\n\n');

/** A whole chapter of about 1 100 words (Emma, chapter XVII): a film that fits the Basic plan. */
const REAL = { book: 'emma.epub', title: 'XVII' };

let t: TestRuntime;
let work: string;

beforeAll(async () => {
  t = await startTestRuntime();
  work = mkdtempSync(join(tmpdir(), 'chapter-film-'));
}, 120_000);

afterAll(async () => {
  await t?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

function expectAFilmOfTheChapter(figures: ChapterFigures) {
  const { coverage, subtitles, stillness, durations } = figures;
  expect(coverage.foreign, "lines that are not the chapter's words").toEqual([]);
  expect(coverage.sentenceShare).toBe(1);
  expect(subtitles, 'the film links its subtitles').not.toBeNull();
  expect(subtitles!.wordsShare).toBeGreaterThanOrEqual(0.9);
  expect(subtitles!.pairShare, subtitles!.foreignPairs.join(' | ')).toBeGreaterThanOrEqual(0.95);
  expect(stillness.windows).toBeGreaterThan(0);
  expect(stillness.share, stillness.differences.map((d) => d.toFixed(1)).join(' ')).toBeLessThanOrEqual(0.1);
  const lengths = [durations.timeline, durations.status, durations.file];
  expect(Math.max(...lengths) - Math.min(...lengths), lengths.join(' / ')).toBeLessThanOrEqual(0.5);
}

describe('a chapter film', () => {
  it('tells a short excerpt in its own words, subtitled, always moving, one length everywhere', async () => {
    const uploaded = await uploadChapter(t, 'Treasure Island', {
      title: 'The Black Spot',
      content: BLACK_SPOT_OPENING,
    });
    await upgradeToBasic(t, uploaded.owner);
    const figures = await filmChapter(t, uploaded, work);
    expectAFilmOfTheChapter(figures);
    // Both voices are heard: the narrator's and the captain's lines.
    expect(figures.coverage.recordings).toBeGreaterThan(4);
  }, 900_000);

  const missing = sharedMissing();
  if (missing) console.log(`skipping the whole real chapter: ${missing}`);
  it.skipIf(Boolean(missing))(
    `tells a whole real chapter (${REAL.book} ${REAL.title}) the same way`,
    async () => {
      const found = (await corpusBook(REAL.book)).find((c) => c.title.includes(REAL.title));
      if (!found) throw new Error(`${REAL.book} has no chapter ${REAL.title}`);
      const uploaded = await uploadChapter(t, 'Emma', found);
      await upgradeToBasic(t, uploaded.owner);
      const figures = await filmChapter(t, uploaded, work);
      expectAFilmOfTheChapter(figures);
      expect(figures.coverage.wordsShare).toBeGreaterThanOrEqual(0.9);
    },
    2_400_000,
  );
});
