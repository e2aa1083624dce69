import { creatorMessages, type Creation, type CreatorFilm } from '../contracts/creator';
import { EDITOR_DEFAULTS } from '../contracts/video';
import { generateScriptRequest, type GenerateScriptInput } from '../contracts/script-requests';
import { generateVideoRequest, type GenerateVideoInput } from '../contracts/video-requests';
import type { MOODS } from '../engine/text/types';
import { processingStatus } from '../jobs';
import { mediaUrl } from '../lib/media-urls';
import { filmSettingsOf } from '../video/jobs/plan';
import type { FilmMusic, VideoGenerationJob, VideoGenerationOptions } from '../video/model';
import { descriptionOf } from './book';
import type { CreationJob, CreationOptions } from './model';

/**
 * A Creator short film is a chapter film: the prompt becomes a book of the user's of one chapter,
 * clearly named ("Short film: …"), the chapter's script is written as any chapter's is, and the
 * chapter film pipeline makes the film in the asked frame, with the asked narrator and score. The
 * film counts toward the plan's monthly videos like any other; the book stays with the user (the
 * film lives in its media and goes with it).
 */

/** Words of the prompt the book's title keeps. */
const TITLE_WORDS = 6;

export function shortFilmTitle(prompt: string): string {
  const words = prompt
    .replace(/["“”'‘’]/g, '')
    .split(/\s+/)
    .filter(Boolean);
  const head = words
    .slice(0, TITLE_WORDS)
    .join(' ')
    .replace(/[\s,;:.!?–—-]+$/, '');
  return creatorMessages.shortFilmTitle(words.length > TITLE_WORDS ? `${head}…` : head).slice(0, 200);
}

/** What the book of one chapter is made with. */
export const shortFilmBook = (job: CreationJob) => ({
  ownerId: job.owner_id,
  title: shortFilmTitle(job.options.prompt),
  description: descriptionOf(job.options.prompt),
  bookType: 'entertainment' as const,
  text: job.options.prompt,
});

/** The script of the film: a chapter film's, at the script's own length (the prompt is short). */
export const shortFilmScript = (chapterId: string): GenerateScriptInput =>
  generateScriptRequest.parse({ chapter_id: chapterId });

export const shortFilmRequest = (chapterId: string, scriptId: string): GenerateVideoInput =>
  generateVideoRequest.parse({ chapter_id: chapterId, script_id: scriptId });

/** The frame the pipeline films in: the editor's defaults at the asked aspect ratio (the plan caps it). */
export const shortFilmFrame = (options: CreationOptions) =>
  filmSettingsOf({ ...EDITOR_DEFAULTS, aspectRatio: options.aspect_ratio ?? '16:9' });

/** The narrator and score as the pipeline takes them. */
export function shortFilmSound(
  options: CreationOptions,
): Pick<VideoGenerationOptions, 'narrator_voice' | 'music'> {
  const music = options.music ?? 'on';
  const score: FilmMusic =
    music === 'off'
      ? { enabled: false, mood: null }
      : { enabled: true, mood: music === 'on' ? null : (music as (typeof MOODS)[number]) };
  return { narrator_voice: options.voice ?? null, music: score };
}

/** Share of a video creation's progress the book and script take before the film starts. */
const BEFORE_FILM = 20;

/**
 * The creation as the page follows it once its film started: the film generation's status,
 * progress, step and error, and the film when it is made.
 */
export function withFilm(base: Creation, job: CreationJob, generation: VideoGenerationJob | null): Creation {
  const film: CreatorFilm = {
    generation_id: job.outputs.generation_id ?? null,
    aspect_ratio: job.options.aspect_ratio ?? '16:9',
    voice: job.options.voice ?? null,
    music: job.options.music ?? 'on',
    video_url: null,
    subtitles_url: null,
    duration: null,
    width: null,
    height: null,
  };
  if (base.status !== 'ready')
    return { ...base, progress: Math.round((base.progress * BEFORE_FILM) / 100), video: film };
  if (!generation) return { ...base, status: 'failed', error_message: creatorMessages.filmGone, video: film };
  const status = processingStatus(generation.status);
  const final = status === 'ready' ? generation.outputs.final : null;
  return {
    ...base,
    status,
    progress:
      status === 'ready' ? 100 : BEFORE_FILM + Math.round((generation.progress * (100 - BEFORE_FILM)) / 100),
    step: generation.step,
    error_message:
      status === 'failed'
        ? generation.status === 'cancelled'
          ? creatorMessages.videoCancelled
          : (generation.error_message ?? creatorMessages.videoFailed)
        : null,
    updated_at: generation.updated_at > base.updated_at ? generation.updated_at : base.updated_at,
    video: {
      ...film,
      video_url: final ? mediaUrl(generation.outputs.final_key) : null,
      subtitles_url: final?.subtitles_key ? mediaUrl(final.subtitles_key) : null,
      duration: final?.duration ?? null,
      width: final?.width ?? null,
      height: final?.height ?? null,
    },
  };
}
