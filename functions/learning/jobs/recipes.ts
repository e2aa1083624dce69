import { join } from 'node:path';
import type { WordTimingMethod } from '../../engine/speech/types';
import type { BookRecord, ChapterRecord } from '../../books/model';
import type { ChapterVideoStyle, LearningContentType } from '../../contracts/learning';
import type { ImageStyle } from '../../engine/image/types';
import { EngineError, type Engine } from '../../engine/types';
import { subscriptionMessages } from '../../contracts/subscriptions';
import { VideoTooLongError } from '../../lib/errors';
import { runFfmpeg } from '../../engine/media/ffmpeg';
import {
  assembleChapterVideo,
  planChapterVideo,
  renderChapterScene,
  type ChapterVideoPlan,
} from '../../engine/productions/chapter-video';
import {
  assembleLesson,
  planLesson,
  presenterPortrait,
  renderLessonSegment,
  type LessonPlan,
} from '../../engine/productions/lesson';
import {
  joinNarration,
  planNarration,
  synthesizeNarrationPart,
  type NarrationPart,
} from '../../engine/productions/narration';
import { DEFAULT_PRESENTER, findPresenter, presenterProfile } from '../../engine/productions/presenters';
import { exportFilm } from '../../engine/productions/shots';
import type { LearningOptions, LearningOutputs } from '../model';

/**
 * One recipe per kind of learning content: how it is planned, how one part (a narration part, a
 * lesson segment, a scene) is rendered, and how the parts become the finished media. The workflow's
 * steps (content.ts) are the same for every kind and only call the recipe.
 */
export interface RecipeContext {
  engine: Engine;
  book: BookRecord;
  chapter: ChapterRecord;
  /** The chapter's text (with the previous chapter's summary first when asked for). */
  text: string;
  options: LearningOptions;
  seed: number;
  /** A scratch folder for this step. */
  dir: string;
  /** Moves the step's words on while planning. */
  step: (progress: number, words: string) => Promise<unknown>;
  /** Keeps a file of the plan's (e.g. the presenter's portrait) beside the plan, for the parts. */
  keep: (name: string, path: string, contentType: string) => Promise<void>;
  /** Fetches a kept file into the scratch folder. */
  fetch: (name: string) => Promise<string>;
}

export interface PartFile {
  path: string;
  duration: number;
  contentType: string;
  /** How the part's word timings (subtitles, mouths) were found; none for a part that says nothing. */
  timings?: WordTimingMethod | null;
}

export interface FinishedMedia {
  /** Files to store with the book's media, by name (narration.m4a, video.mp4…). */
  files: { name: string; path: string; contentType: string }[];
  outputs: Omit<LearningOutputs, 'audio_key' | 'video_key' | 'thumbnail_key'> & {
    audio?: string;
    video?: string;
    thumbnail?: string;
  };
}

/** What the finished media is drawn with: the tier's watermark (free tier), or none. */
export interface AssembleContext {
  engine: Engine;
  dir: string;
  watermark: string | null;
}

export interface Recipe<P> {
  plan(ctx: RecipeContext): Promise<P>;
  partCount(plan: P): number;
  renderPart(ctx: Pick<RecipeContext, 'engine' | 'dir' | 'fetch'>, plan: P, index: number): Promise<PartFile>;
  assemble(
    ctx: AssembleContext,
    plan: P,
    parts: { path: string; duration: number }[],
    report: (fraction: number) => void,
  ): Promise<FinishedMedia>;
}

/** Frame size and rate of the learning videos (720p: sharp on a laptop, light to stream). */
const VIDEO_SIZE = { width: 1280, height: 720 };
/** The frame a job films: the tier's (free: 480p) when its options carry one, else 720p. */
const videoSize = (options: LearningOptions) =>
  options.output ? { width: options.output.width, height: options.output.height } : VIDEO_SIZE;
const LESSON_FPS = 25;
const FILM_FPS = 24;
const CHAPTER_VIDEO_SCENES = 4;
const PRESENTER_FILE = 'presenter.png';

const IMAGE_STYLE_OF: Record<ChapterVideoStyle, ImageStyle> = {
  illustrated: 'fantasy',
  cinematic: 'cinematic',
  cartoon: 'cartoon',
  sketch: 'sketch',
};

type NarrationPlan = { title: string; voice: string; parts: NarrationPart[] };

const narration: Recipe<NarrationPlan> = {
  async plan({ engine, book, chapter, text, options }) {
    const voice =
      options.voice ??
      engine.speech.voiceFor({
        style: 'elevenlabs_narrator',
        language: book.language || 'en',
        role: 'narrator',
      });
    return { title: chapter.title, voice, parts: planNarration(`${chapter.title}.\n\n${text}`) };
  },
  partCount: (plan) => plan.parts.length,
  async renderPart({ engine, dir }, plan, index) {
    const part = plan.parts[index];
    if (!part) throw new Error(`The narration has no part ${index + 1}`);
    const speech = await synthesizeNarrationPart(engine, part, plan.voice, join(dir, 'part.wav'));
    return {
      path: speech.path,
      duration: speech.duration,
      contentType: speech.format === 'wav' ? 'audio/wav' : 'audio/mpeg',
      timings: speech.timings ?? 'provider',
    };
  },
  async assemble({ engine, dir }, plan, parts) {
    const joined = await joinNarration(engine, {
      title: plan.title,
      parts: parts.map((p, i) => ({ path: p.path, title: plan.parts[i]!.title })),
      workDir: dir,
      outputPath: join(dir, 'narration.m4a'),
    });
    return {
      files: [{ name: 'narration.m4a', path: joined.path, contentType: 'audio/mp4' }],
      outputs: {
        audio: 'narration.m4a',
        duration: joined.duration,
        chapter_marks: joined.marks.map((m) => ({ title: m.title, start_seconds: m.start })),
      },
    };
  },
};

/**
 * A finished video: itself (with the tier's watermark in the bottom-right corner, drawn by the
 * pipeline's export), its sound track on its own (stream copy) and a poster frame.
 */
async function videoMedia(
  { engine, dir, watermark }: AssembleContext,
  assembled: { path: string; probe: { duration: number } },
) {
  let video = assembled;
  if (watermark) {
    const marked = join(dir, 'video-marked.mp4');
    const probe = await exportFilm({
      inputPath: assembled.path,
      format: 'mp4',
      quality: 'high',
      watermark: { text: watermark, position: 'bottom-right' },
      encode: true,
      outputPath: marked,
      workDir: dir,
    });
    video = { path: marked, probe };
  }
  const audioPath = join(dir, 'audio.m4a');
  await runFfmpeg(['-i', video.path, '-vn', '-c:a', 'copy', '-movflags', '+faststart', audioPath]);
  const thumbnail = await engine.video.thumbnail({
    inputPath: video.path,
    at: Math.min(2, video.probe.duration / 2),
    width: 640,
    outputPath: join(dir, 'poster.jpg'),
  });
  return {
    files: [
      { name: 'video.mp4', path: video.path, contentType: 'video/mp4' },
      { name: 'audio.m4a', path: audioPath, contentType: 'audio/mp4' },
      { name: 'poster.jpg', path: thumbnail.path, contentType: 'image/jpeg' },
    ],
    outputs: {
      video: 'video.mp4',
      audio: 'audio.m4a',
      thumbnail: 'poster.jpg',
      duration: video.probe.duration,
    },
  };
}

/**
 * A video planned to fit the plan's longest (a lesson teaches fewer ideas, a film's scenes say
 * less); one that cannot be made that short fails with the plan's words.
 */
async function withinPlan<P>(options: LearningOptions, what: string, planned: () => Promise<P>): Promise<P> {
  try {
    return await planned();
  } catch (error) {
    if (options.plan && error instanceof EngineError && error.code === 'text_too_long')
      throw new VideoTooLongError(subscriptionMessages.tooLong(options.plan.tier, what));
    throw error;
  }
}

const lesson: Recipe<LessonPlan> = {
  async plan({ engine, book, chapter, text, options, seed, dir, step, keep }) {
    await step(4, 'Writing the lesson');
    const presenter = findPresenter(options.avatar_id) ?? findPresenter(DEFAULT_PRESENTER)!;
    const plan = await withinPlan(options, "this chapter's tutor video", () =>
      planLesson(engine, {
        bookTitle: book.title,
        chapter: { title: chapter.title, content: text },
        language: book.language || 'en',
        presenter: presenterProfile(presenter),
        presenterGender: presenter.gender,
        style: options.tutorial_style ?? 'udemy',
        size: videoSize(options),
        fps: LESSON_FPS,
        seed,
        ...(options.plan ? { maxSeconds: options.plan.max_seconds } : {}),
      }),
    );
    if (options.voice) plan.voice = options.voice;
    await step(7, `Drawing ${presenter.name}`);
    await keep(PRESENTER_FILE, await presenterPortrait(engine, plan, dir), 'image/png');
    return plan;
  },
  partCount: (plan) => plan.segments.length,
  async renderPart({ engine, dir, fetch }, plan, index) {
    const portrait = await fetch(PRESENTER_FILE);
    const segment = await renderLessonSegment(engine, plan, index, portrait, join(dir, 'segment'));
    return {
      path: segment.clip,
      duration: segment.duration,
      contentType: 'video/mp4',
      timings: segment.timings,
    };
  },
  async assemble(ctx, plan, parts, report) {
    const { engine, dir } = ctx;
    const video = await assembleLesson(
      engine,
      plan,
      parts.map((p) => p.path),
      join(dir, 'video.mp4'),
      report,
    );
    return videoMedia(ctx, video);
  },
};

const scenes: Recipe<ChapterVideoPlan> = {
  async plan({ engine, book, chapter, text, options, seed, step }) {
    await step(4, 'Writing the screenplay');
    return withinPlan(options, "this chapter's video", () =>
      planChapterVideo(engine, {
        bookTitle: book.title,
        chapter: { title: chapter.title, content: text },
        language: book.language || 'en',
        sceneCount: CHAPTER_VIDEO_SCENES,
        scriptStyle: 'cinematic_narration',
        imageStyle: IMAGE_STYLE_OF[options.video_style ?? 'illustrated'],
        size: videoSize(options),
        fps: FILM_FPS,
        seed,
        ...(options.plan ? { maxSeconds: options.plan.max_seconds } : {}),
      }),
    );
  },
  partCount: (plan) => plan.screenplay.scenes.length,
  async renderPart({ engine, dir }, plan, index) {
    const scene = await renderChapterScene(engine, plan, index, join(dir, 'scene'));
    return { path: scene.clip, duration: scene.duration, contentType: 'video/mp4', timings: scene.timings };
  },
  async assemble(ctx, plan, parts, report) {
    const { engine, dir } = ctx;
    const video = await assembleChapterVideo(
      engine,
      plan,
      parts.map((p) => ({ clip: p.path, duration: p.duration })),
      dir,
      join(dir, 'video.mp4'),
      (_step, fraction) => report(fraction),
    );
    return videoMedia(ctx, video);
  },
};

export const RECIPES: Record<LearningContentType, Recipe<unknown>> = {
  audio_narration: narration as Recipe<unknown>,
  realistic_video: lesson as Recipe<unknown>,
  chapter_video: scenes as Recipe<unknown>,
};
