/**
 * The five production stages of a chapter (plot, script, images, audio, video), each idle,
 * generating, completed or error, computed from what the APIs answer. The chapter's progress bar is
 * its completed stages out of 5; the tab dots show the selected chapter's stages. Pure, so the rules
 * are unit-tested without a browser.
 */
export const STAGES = ['plot', 'script', 'images', 'audio', 'video'] as const;
export type Stage = (typeof STAGES)[number];
export type StageStatus = 'idle' | 'generating' | 'completed' | 'error';
export type ChapterStages = Record<Stage, StageStatus>;

/** A chapter image record or an audio file, as far as the stages read them. */
export interface MediaRecord {
  status?: string | null;
  image_type?: string | null;
  url?: string | null;
  audio_url?: string | null;
  image_url?: string | null;
}

/** What is known about one chapter; `undefined` means not loaded (yet, or no such endpoint). */
export interface ChapterFacts {
  /** The book has a plot overview. */
  hasPlot: boolean;
  /** The plot generation is running / the last one failed. */
  plotGenerating?: boolean;
  plotFailed?: boolean;
  scriptCount?: number;
  scriptGenerating?: boolean;
  scriptFailed?: boolean;
  images?: readonly MediaRecord[];
  audio?: readonly MediaRecord[];
  hasVideo?: boolean;
  /** The video stage read from the chapter's generations (newest running → generating, failed → error). */
  videoStage?: StageStatus;
}

const GENERATING = new Set(['generating', 'queued', 'pending', 'processing', 'running']);
const FAILED = new Set(['failed', 'error']);

/** Completed when one record is completed; else generating when one is under way; else error when one failed. */
export function mediaStage(records: readonly MediaRecord[] | undefined): StageStatus {
  if (!records?.length) return 'idle';
  const statuses = records.map((r) => (r.status ?? '').toLowerCase());
  if (statuses.includes('completed') || statuses.includes('ready')) return 'completed';
  if (statuses.some((s) => GENERATING.has(s))) return 'generating';
  if (statuses.some((s) => FAILED.has(s))) return 'error';
  return 'idle';
}

/** Scene images only: a character portrait listed with the chapter's images does not complete the stage. */
export const sceneImages = (records: readonly MediaRecord[] | undefined) =>
  records?.filter((r) => (r.image_type ?? 'scene') === 'scene');

function jobStage(done: boolean, running?: boolean, failed?: boolean): StageStatus {
  if (running) return 'generating';
  if (done) return 'completed';
  return failed ? 'error' : 'idle';
}

/** The generations decide while one runs or the newest failed; otherwise any finished video completes it. */
function videoOf(facts: ChapterFacts): StageStatus {
  if (facts.videoStage && facts.videoStage !== 'idle') return facts.videoStage;
  return facts.hasVideo ? 'completed' : 'idle';
}

export function chapterStages(facts: ChapterFacts): ChapterStages {
  return {
    plot: jobStage(facts.hasPlot, facts.plotGenerating, facts.plotFailed),
    script: jobStage((facts.scriptCount ?? 0) > 0, facts.scriptGenerating, facts.scriptFailed),
    images: mediaStage(sceneImages(facts.images)),
    audio: mediaStage(facts.audio),
    video: videoOf(facts),
  };
}

export const completedStages = (stages: ChapterStages) =>
  STAGES.filter((stage) => stages[stage] === 'completed').length;

/** Percent of the progress bar: completed stages out of 5. */
export const stageProgress = (stages: ChapterStages) => (completedStages(stages) / STAGES.length) * 100;

export const STAGE_STATUS_LABELS: Record<StageStatus, string> = {
  idle: 'not started',
  generating: 'generating',
  completed: 'completed',
  error: 'failed',
};

/**
 * The records of a list answer, whatever its envelope: an array, or the first array among the
 * answer's fields (`{ images: [...] }`, `{ audio_files: [...] }`). Anything else is no records.
 */
export function recordsOf<T = MediaRecord>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  if (answer && typeof answer === 'object') {
    for (const value of Object.values(answer)) if (Array.isArray(value)) return value as T[];
  }
  return [];
}
