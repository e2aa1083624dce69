import type { BookReads } from '../books/read-port';
import { imageMessages, type ChapterImage, type ChapterImageType } from '../contracts/images';
import { PORTRAIT_DEFAULTS } from '../contracts/plots';
import type { CharacterReference, ImageEngine } from '../engine/image/types';
import {
  TIMES_OF_DAY,
  type CharacterProfile,
  type SceneDescription,
  type TimeOfDay,
} from '../engine/text/types';
import { isActive, type Jobs } from '../jobs';
import { NotFoundError } from '../lib/errors';
import { BadRequestError } from '../lib/errors';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import type { CharacterRecord } from '../plots/model';
import type { PlotReads } from '../plots/read-port';
import type { ScriptRecord } from '../scripts/model';
import type { ScriptReads } from '../scripts/read-port';
import { type ChapterImageOptions, type ChapterImageRecord } from './model';
import { createImageRepository } from './repository';

export interface ImagesDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BookReads;
  plots: PlotReads;
  scripts: ScriptReads;
  /** Where the pictures are kept (the media bucket). */
  media: ObjectStore;
}

export const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export function imageView(record: ChapterImageRecord): ChapterImage {
  return {
    id: record.id,
    image_url: record.status === 'completed' ? mediaUrl(record.image_key) : null,
    image_type: record.image_type,
    character_name: record.character_name,
    script_id: record.script_id,
    status: record.status,
    error: record.error,
    global: false,
    deletable: true,
    job_id: record.id,
    character_id: record.character_id,
    metadata: {
      scene_number: record.scene_number,
      image_prompt: record.image_prompt,
      image_type: record.image_type,
      character_name: record.character_name,
      style: record.style,
      quality: record.quality,
      aspect_ratio: record.aspect_ratio,
      width: record.width,
      height: record.height,
      lighting_mood: record.lighting_mood,
      include_background: record.include_background,
      use_character_references: record.use_character_references,
      referenced_characters: record.referenced_characters,
      figures: record.figures,
    },
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** A plot character's portrait, listed with the chapter's images but not deletable there (spec §6). */
export function globalPortraitView(c: CharacterRecord): ChapterImage {
  return {
    id: c.id,
    image_url: mediaUrl(c.image_key),
    image_type: 'character',
    character_name: c.name,
    script_id: null,
    status: 'completed',
    error: null,
    global: true,
    deletable: false,
    job_id: null,
    character_id: c.id,
    metadata: {
      scene_number: null,
      image_prompt: null,
      image_type: 'character',
      character_name: c.name,
      style: c.look?.style ?? PORTRAIT_DEFAULTS.style,
      quality: PORTRAIT_DEFAULTS.quality,
      aspect_ratio:
        c.image_width && c.image_height
          ? c.image_width > c.image_height
            ? c.image_width * 3 === c.image_height * 4
              ? '4:3'
              : '16:9'
            : c.image_width < c.image_height
              ? '9:16'
              : '1:1'
          : PORTRAIT_DEFAULTS.aspect_ratio,
      width: c.image_width,
      height: c.image_height,
      lighting_mood: null,
      include_background: false,
      use_character_references: false,
      referenced_characters: [],
      figures: [],
    },
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export const STATUS_OF_JOB = {
  queued: 'generating',
  running: 'generating',
  ready: 'completed',
  failed: 'failed',
  cancelled: 'failed',
} as const;

const TIME_WORDS: [TimeOfDay, RegExp][] = [
  ['night', /\b(night|midnight|moonlit|moonlight|stars)\b/i],
  ['dusk', /\b(dusk|sunset|twilight)\b/i],
  ['evening', /\bevening\b/i],
  ['dawn', /\b(dawn|sunrise|daybreak)\b/i],
  ['morning', /\bmorning\b/i],
  ['afternoon', /\bafternoon\b/i],
];

const INTERIOR =
  /\b(inside|indoors|room|hall|kitchen|library|tavern|inn|cabin|parlou?r|office|cellar|chamber|bedroom|attic|church|shop)\b/i;

/** The characters a description names: plot characters whose name (or first name) it mentions. */
function namedIn(text: string, characters: readonly CharacterRecord[]): string[] {
  const words = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return characters
    .filter((c) => {
      const name = nameKey(c.name);
      const first = name.split(' ')[0]!;
      return words.includes(` ${name} `) || (first.length > 2 && words.includes(` ${first} `));
    })
    .map((c) => c.name);
}

/** A scene of a chapter without a script: the user's description is the whole of it. */
export function sceneFromDescription(
  sceneNumber: number,
  description: string,
  characters: readonly CharacterRecord[],
): SceneDescription {
  const firstSentence = description.split(/(?<=[.!?])\s/)[0]!.trim();
  return {
    scene_number: sceneNumber,
    location: firstSentence.length > 80 ? `${firstSentence.slice(0, 77).trimEnd()}…` : firstSentence,
    setting_type: INTERIOR.test(description) ? 'INT' : 'EXT',
    time_of_day: TIME_WORDS.find(([, pattern]) => pattern.test(description))?.[0] ?? 'day',
    estimated_duration: 30,
    visual_description: description,
    key_actions: [],
    audio_requirements: [],
    characters: namedIn(description, characters),
    mood: 'calm',
    source_start: 0,
    source_end: 0,
  };
}

/** The scene of a script, as the image is drawn from it (the user's description, if given, wins). */
export function sceneOfScript(
  script: ScriptRecord,
  sceneNumber: number,
  description?: string,
): SceneDescription {
  const found = script.scenes.find((s) => s.scene_number === sceneNumber);
  if (!found) throw new BadRequestError(imageMessages.sceneMissing(sceneNumber), 'scene_not_found');
  return {
    scene_number: found.scene_number,
    location: found.location,
    setting_type: found.setting_type,
    time_of_day: (TIMES_OF_DAY as readonly string[]).includes(found.time_of_day) ? found.time_of_day : 'day',
    estimated_duration: found.estimated_duration,
    visual_description: description || found.visual_description,
    key_actions: found.key_actions,
    audio_requirements: found.audio_requirements,
    characters: found.characters,
    mood: found.mood,
    source_start: found.source_start,
    source_end: found.source_end,
  };
}

/** What the worker hands the image engine, made from the job and the plot as it is now. */
export interface ImageDrawing {
  kind: ChapterImageType;
  request: {
    style: ChapterImageOptions['style'];
    quality: ChapterImageOptions['quality'];
    aspectRatio: ChapterImageOptions['aspect_ratio'];
    seed: number;
    customPrompt?: string;
  };
  scene?: Parameters<ImageEngine['scene']>[0]['scene'];
  characters: CharacterProfile[];
  character?: CharacterProfile;
  references: CharacterReference[];
  lightingMood?: string;
  includeBackground: boolean;
}

/** What every use case is given: the deps, and what is made once from them. */
export function imagesContext(deps: ImagesDeps) {
  const repo = createImageRepository(deps.table);
  return { ...deps, repo };
}
export type ImagesContext = ReturnType<typeof imagesContext>;

export const now = (deps: ImagesContext) => isoNow(deps.clock);

export const notFound = () => new NotFoundError(imageMessages.imageNotFound, 'image_not_found');

/** A generating record whose job ended without saying so (cut off) reads as failed. */
export async function current(deps: ImagesContext, record: ChapterImageRecord): Promise<ChapterImageRecord> {
  if (record.status !== 'generating') return record;
  const found = await deps.jobs.get(record.id);
  const job = found ? await deps.jobs.settle(found) : null;
  if (job && isActive(job.status)) return record;
  if (job?.status === 'ready') return record;
  const error = job?.error_message ?? failureWords(record);
  return (await deps.repo.update(record, { status: 'failed', error, updated_at: now(deps) })) ?? record;
}

export const failureWords = (
  r: Pick<ChapterImageRecord, 'image_type' | 'scene_number' | 'character_name'>,
) =>
  r.image_type === 'scene'
    ? imageMessages.failedScene(r.scene_number ?? 0)
    : imageMessages.failedCharacter(r.character_name ?? '');

/** The plot character a name refers to (the spec's matching rule), if the book has a plot. */
export async function plotCharacters(deps: ImagesContext, bookId: string) {
  return deps.plots.castOf(bookId);
}
