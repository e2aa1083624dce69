import type { BookRecord } from '../../books/model';
import type { AudioEngine } from '../../engine/audio/types';
import type { ImageEngine } from '../../engine/image/types';
import type { LipSyncEngine } from '../../engine/lipsync/types';
import type * as filming from '../../engine/productions/shots';
import type { SpeechEngine } from '../../engine/speech/types';
import type { VideoEngine } from '../../engine/video/types';
import type { ChapterImageRecord } from '../../images/model';
import type { Jobs, JobSteps } from '../../jobs';
import type { Clock, ObjectStore, TempDir } from '../../lib/ports';
import type { CharacterRecord } from '../../plots/model';
import type { ScriptRecord } from '../../scripts/model';
import type { VideoRepository } from '../repository';

/**
 * What the video pipeline's stages depend on, each passed in: the stages hold no instance of their
 * own. Production wires these once (`video/jobs/deps.ts`); unit tests pass the in-memory ports and
 * engine doubles.
 */
export interface PipelineDeps {
  /** The generation is a job: read while active, moved along, failed (and its outputs amended). */
  jobs: JobSteps & Pick<Jobs, 'repository'>;
  engine: PipelineEngine;
  /** FFmpeg's part of filming: encodes, joins and probes of the scenes and the film. */
  film: FilmTools;
  /** The book's media: the plan, every stage's files and the film. */
  media: ObjectStore;
  /** The generation's stage items (what each stage made of each scene, character and the film). */
  items: Pick<VideoRepository, 'getItem' | 'putItem' | 'listItems'>;
  /** What a film is planned from. */
  sources: PlanSources;
  clock: Clock;
  /** A private scratch folder for a stage's files, removed when the stage is done with it. */
  tempDir: TempDir;
  /** Where a stage may be made to fail for tests of the failure paths (`FAULT_INJECTION`). */
  faultPoint: (point: string) => Promise<void>;
}

/** The engine's capabilities the stages use (the engine port, narrowed to what is called). */
export interface PipelineEngine {
  speech: Pick<SpeechEngine, 'synthesize' | 'voiceFor'>;
  audio: Pick<AudioEngine, 'ambiance' | 'music' | 'effect' | 'mix'>;
  image: Pick<ImageEngine, 'portrait' | 'scene'>;
  lipSync: Pick<LipSyncEngine, 'talkingShotGraph' | 'syncAccuracy'>;
  video: Pick<VideoEngine, 'thumbnail'>;
}

export type FilmTools = Pick<
  typeof filming,
  | 'encodeSceneSound'
  | 'filmScene'
  | 'stillThumbnail'
  | 'mergeScenes'
  | 'placeSpeech'
  | 'joinPictures'
  | 'muxFilm'
  | 'probeFilm'
  | 'exportFilm'
  | 'addSubtitleStream'
>;

/** The records of other domains a film is planned from, read by id. */
export interface PlanSources {
  scriptOf(scriptId: string): Promise<ScriptRecord | null>;
  bookOf(bookId: string): Promise<BookRecord | null>;
  castOf(bookId: string): Promise<CharacterRecord[]>;
  chapterImagesOf(bookId: string, chapterId: string): Promise<ChapterImageRecord[]>;
}

/** A stage's task input: the generation, and the scene or character a Map iteration works on. */
export interface SceneTask {
  job_id: string;
  scene_number: number;
}
