import type { BookWithChapters, Chapter } from '../../functions/contracts/books';
import type { Script } from '../../functions/contracts/scripts';
import type { VideoGeneration, VideoProduction } from '../../functions/contracts/video';
import { EDITOR_DEFAULTS } from '../../functions/contracts/video';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { probe } from '../../functions/engine/media/ffmpeg';
import { getAdapters } from '../../functions/lib/adapters';
import { getJson } from '../../functions/lib/json-files';
import type { AudioManifest } from '../../functions/video/model';
import { createVideoRepository } from '../../functions/video/repository';
import { createSubscriptionsRepository } from '../../functions/subscriptions/repository';
import {
  confirmAsExtracted,
  createUser,
  upgradeToBasic,
  uploadBook,
  writtenScript,
  type TestRuntime,
} from '../integration/helpers';
import {
  spokenCoverage,
  stillness,
  subtitleCoverage,
  type SpokenCoverage,
  type Stillness,
  type SubtitleCoverage,
} from '../support/film-measures';
import { corpusBook, sharedMissing } from './writing-corpus';

/**
 * The pipeline bench's chapter: a real one from `../shared/corpus` (BENCH_BOOK, BENCH_TITLE; by
 * default Treasure Island's "The Black Spot", 2 148 words), uploaded as a user would, its plot
 * made, and a script with target duration `auto`; and the figures of the film made from it.
 */
export const REAL_BOOK = process.env.BENCH_BOOK ?? 'treasure-island.epub';
export const REAL_TITLE = process.env.BENCH_TITLE ?? 'The Black Spot';

export async function realChapter(t: TestRuntime) {
  const missing = sharedMissing();
  if (missing) throw new Error(missing);
  const found = (await corpusBook(REAL_BOOK)).find((c) => c.title.includes(REAL_TITLE));
  if (!found) throw new Error(`${REAL_BOOK} has no chapter titled ${REAL_TITLE}`);
  return uploadChapter(t, REAL_BOOK.replace(/\.\w+$/, ''), found);
}

/** A book of one chapter uploaded by a new author, as a user would, and its plot made. */
export async function uploadChapter(
  t: TestRuntime,
  title: string,
  found: { title: string; content: string },
) {
  const owner = (await createUser(t, { role: 'author' })).accessToken;
  const upload = await uploadBook(t, {
    token: owner,
    bookType: 'entertainment',
    title,
    text: `# ${title}\n\n## ${found.title}\n\n${found.content}`,
  });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
  await confirmAsExtracted(t, String(upload.body.id), owner);
  const book = (await t.api<BookWithChapters>('GET', `/books/${upload.body.id}`, { token: owner })).body;
  await t.api('POST', `/plots/books/${book.id}/generate`, { token: owner, body: {} });
  await t.runtime.stepFunctions.idle();
  const chapter = book.chapters[0]!;
  const text = (await t.api<Chapter>('GET', `/books/${book.id}/chapters/${chapter.id}`, { token: owner }))
    .body.content;
  return { owner, book, chapter, text };
}

/**
 * The chapter filmed through the public API as the studio would: a script with target `auto`, its
 * timeline saved, the generation started and run to its end on the local state machine, and the
 * film downloaded to `dir`. The figures of what it tells, shows and how long it lasts.
 */
export async function filmChapter(
  t: TestRuntime,
  uploaded: Awaited<ReturnType<typeof uploadChapter>>,
  dir: string,
): Promise<ChapterFigures & { generation: VideoGeneration }> {
  const { owner, book, chapter, text } = uploaded;
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await t.api<T>(method, path, { token: owner, ...(body === undefined ? {} : { body }) });
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const script = await writtenScript(t, owner, { chapter_id: chapter.id, ...autoScript });
  await saveTimeline(t, owner, chapter.id, script);
  const started = await call<{ video_generation_id: string }>('POST', '/ai/generate-entertainment-video', {
    script_id: script.id,
    chapter_id: chapter.id,
    quality_tier: 'basic',
    video_style: 'realistic',
    mode: 'basic',
  });
  await t.runtime.stepFunctions.idle();
  const generation = await call<VideoGeneration>(
    'GET',
    `/ai/video-generation-status/${started.video_generation_id}`,
  );
  if (generation.generation_status !== 'completed')
    throw new Error(`The film ended ${generation.generation_status}: ${generation.error_message}`);
  const film = join(dir, `${generation.id}.mp4`);
  const response = await fetch(new URL(generation.video_url!, t.runtime.apiUrl).toString());
  writeFileSync(film, Buffer.from(await response.arrayBuffer()));
  const probed = await probe(film);
  const figures = await chapterFigures(t, owner, {
    bookId: book.id,
    chapterId: chapter.id,
    text,
    generation,
    film,
    fileSeconds: probed.duration,
  });
  return { ...figures, generation };
}

export const autoScript = {
  script_style: 'cinematic_movie',
  target_duration: 'auto',
  include_character_profiles: true,
};

/** The studio's timeline of the script saved before the film (its lengths the script's estimates). */
export async function saveTimeline(t: TestRuntime, owner: string, chapterId: string, script: Script) {
  const answer = await t.api('PUT', `/chapters/${chapterId}/video-production`, {
    token: owner,
    body: {
      script_id: script.id,
      scenes: script.scenes.map((s, i) => ({
        id: `scene-${s.scene_number}`,
        sceneNumber: s.scene_number,
        duration: s.estimated_duration || 5,
        transitions: i === 0 ? [] : [{ type: 'fade', duration: 0.5 }],
      })),
      editorSettings: { ...EDITOR_DEFAULTS, resolution: '720p', fps: 24 },
    },
  });
  if (answer.status !== 200) throw new Error(`timeline: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export interface ChapterFigures {
  coverage: SpokenCoverage;
  subtitles: SubtitleCoverage | null;
  stillness: Stillness;
  durations: { timeline: number; status: number; file: number };
}

/** What the film of the chapter speaks, how still it is, and how long each place says it is. */
export async function chapterFigures(
  t: TestRuntime,
  owner: string,
  input: {
    bookId: string;
    chapterId: string;
    text: string;
    generation: VideoGeneration;
    film: string;
    fileSeconds: number;
  },
): Promise<ChapterFigures> {
  const adapters = getAdapters();
  const items = await createVideoRepository(adapters.table).listItems(input.bookId, input.generation.id);
  const manifests = await Promise.all(
    items
      .filter((i) => i.stage === 'audio' && i.status === 'completed')
      .map((i) => getJson<AudioManifest>(adapters.storage.media, String(i.data.manifest_key))),
  );
  const production = (
    await t.api<VideoProduction>('GET', `/chapters/${input.chapterId}/video-production`, { token: owner })
  ).body;
  const subtitlesUrl = input.generation.final_video?.subtitles_url ?? input.generation.subtitles_url;
  const vtt = subtitlesUrl
    ? await (await fetch(new URL(subtitlesUrl, t.runtime.apiUrl).toString())).text()
    : null;
  return {
    coverage: spokenCoverage(input.text, manifests),
    subtitles: vtt === null ? null : subtitleCoverage(input.text, vtt),
    stillness: await stillness(input.film),
    durations: {
      timeline: production.scenes.reduce((sum, s) => sum + s.duration, 0),
      status: input.generation.final_video?.duration ?? NaN,
      file: input.fileSeconds,
    },
  };
}

export function printChapterFigures(f: ChapterFigures) {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const { coverage, subtitles, stillness: still, durations } = f;
  console.log('the chapter film:');
  console.log(
    `  chapter's words spoken        ${pct(coverage.wordsShare).padStart(8)}   target ≥ 90 % — ${met(coverage.wordsShare >= 0.9)}`,
  );
  console.log(
    `  spoken lines from the chapter ${pct(coverage.sentenceShare).padStart(8)}   target 100 % — ${met(coverage.sentenceShare === 1)} (${coverage.recordings} recordings)`,
  );
  for (const line of coverage.foreign) console.log(`    not the book's words: ${line.slice(0, 100)}`);
  if (!subtitles) console.log('  subtitles: none linked (subtitles_url) — NOT met');
  else {
    console.log(
      `  chapter's words in subtitles  ${pct(subtitles.wordsShare).padStart(8)}   target ≥ 90 % — ${met(subtitles.wordsShare >= 0.9)} (${subtitles.cues} cues)`,
    );
    console.log(
      `  subtitle word pairs the book's ${pct(subtitles.pairShare).padStart(8)}   target ≥ 95 % — ${met(subtitles.pairShare >= 0.95)}`,
    );
    for (const pair of subtitles.foreignPairs) console.log(`    not the book's pair: ${pair}`);
  }
  console.log(
    `  still 8-s windows (< 5/255)   ${pct(still.share).padStart(8)}   target ≤ 10 % — ${met(still.share <= 0.1)} (${still.still} of ${still.windows}; median difference ${median(still.differences).toFixed(1)})`,
  );
  const spread =
    Math.max(durations.timeline, durations.status, durations.file) -
    Math.min(durations.timeline, durations.status, durations.file);
  console.log(
    `  durations timeline / status / file  ${durations.timeline.toFixed(2)} / ${durations.status.toFixed(2)} / ${durations.file.toFixed(2)} s, spread ${spread.toFixed(2)} s   target ≤ 0.5 s — ${met(spread <= 0.5)}`,
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : NaN;
};

/**
 * The Pro plan (films up to 30 min): a whole chapter's film is long. Its checkout is closed ("coming
 * soon"), so the user pays for Basic through the offline checkout and the subscription record is then
 * moved to Pro, as the billing provider's upgrade would.
 */
export async function upgradeToPro(t: TestRuntime, token: string): Promise<void> {
  await upgradeToBasic(t, token);
  const me = await t.api<{ id: string }>('GET', '/users/me', { token });
  if (me.status !== 200) throw new Error(`me: ${me.status} ${JSON.stringify(me.body)}`);
  const subscriptions = createSubscriptionsRepository(getAdapters().table);
  await subscriptions.updateSubscription(me.body.id, { tier: 'pro' });
}
