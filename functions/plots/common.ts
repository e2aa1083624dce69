import type { BookReads } from '../books/read-port';
import { plotMessages, type Character, type PlotGenerationJob, type PlotOverview } from '../contracts/plots';
import { hashString } from '../engine/random';
import { characterProfile, type CharacterProfile } from '../engine/text/types';
import type { SpeechEngine } from '../engine/speech/types';
import { voiceIn } from '../engine/speech/voices';
import type { Engine } from '../engine/types';
import { processingStatus, type JobRecord, type Jobs } from '../jobs';
import { NotFoundError } from '../lib/errors';
import { isUuid } from '../lib/ids';
import { mediaUrl } from '../lib/media-urls';
import { isoNow, type Clock, type ObjectStore, type Table } from '../lib/ports';
import { plotGenerationJob } from './jobs/kinds';
import { type CharacterRecord, type PlotJobRecord, type PlotRecord } from './model';
import { createPlotRepository } from './repository';

export interface PlotsDeps {
  table: Table;
  clock: Clock;
  jobs: Jobs;
  books: BookReads;
  /** Where portraits are kept (the media bucket). */
  media: ObjectStore;
  engine: () => Engine;
  uuid: () => string;
}

/** Listing order of characters the user creates: after the overview's own cast. */
export const USER_ORDER = 1000;

/** The same person across overviews: names compared without case or extra spaces. */
export const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The stable seed of a character, from the name (as the text engine seeds its own profiles). */
export const seedFor = (name: string) => hashString(nameKey(name));

/** A stable voice for a character known only by name (a speaker the plot does not list): from the name alone. */
export const voiceForName = (
  speech: Pick<SpeechEngine, 'voiceFor'>,
  name: string,
  language: string | undefined,
) =>
  voiceIn(speech, { style: 'elevenlabs_conversational', role: 'character', seed: seedFor(name) }, language);

/** The answered character: the record's fields named one by one (the storage fields stay), its image signed. */
export function characterView(c: CharacterRecord): Character {
  return {
    id: c.id,
    plot_id: c.plot_id,
    book_id: c.book_id,
    name: c.name,
    role: c.role,
    physical_description: c.physical_description,
    personality: c.personality,
    character_arc: c.character_arc,
    archetypes: c.archetypes,
    want: c.want,
    need: c.need,
    lie: c.lie,
    ghost: c.ghost,
    gender: c.gender,
    seed: c.seed,
    voice: c.voice,
    image_url: mediaUrl(c.image_key),
    look: c.look,
    image_outdated: c.image_outdated,
    origin: c.origin,
    user_edited: c.user_edited,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function plotView(plot: PlotRecord, characters: CharacterRecord[]): PlotOverview {
  return {
    id: plot.id,
    book_id: plot.book_id,
    logline: plot.logline,
    genre: plot.genre,
    tone: plot.tone,
    audience: plot.audience,
    setting: plot.setting,
    script_story_type: plot.script_story_type,
    story_type: plot.story_type,
    themes: plot.themes,
    characters: characters.map(characterView),
    created_at: plot.created_at,
    updated_at: plot.updated_at,
  };
}

export function plotJobView(job: JobRecord, plotId: string | null): PlotGenerationJob {
  return {
    id: job.id,
    book_id: job.target.book_id!,
    status: processingStatus(job.status),
    progress: job.progress,
    step: job.step,
    error_message: job.error_message,
    plot_id: plotId,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

export const IMAGE_STATUS = {
  queued: 'queued',
  running: 'generating',
  ready: 'completed',
  failed: 'failed',
  cancelled: 'failed',
} as const;

/**
 * The text engine's profile of a character and the record's story fields are one shape apart: the
 * engine has no ids or portrait, and may not know the sex. These two functions are the mapping.
 */
export const profileOf = (c: CharacterRecord): CharacterProfile =>
  characterProfile({
    name: c.name,
    seed: c.seed,
    role: c.role,
    physical_description: c.physical_description,
    personality: c.personality,
    character_arc: c.character_arc,
    archetypes: c.archetypes,
    want: c.want,
    need: c.need,
    lie: c.lie,
    ghost: c.ghost,
    gender: c.gender,
    mentions: c.mentions,
    voice: c.voice,
  });

/** The story fields of a character record from the engine's profile (`profileOf` the other way). */
export const characterFromProfile = (profile: CharacterProfile) => ({
  name: profile.name,
  role: profile.role,
  physical_description: profile.physical_description,
  personality: profile.personality,
  character_arc: profile.character_arc,
  archetypes: profile.archetypes,
  want: profile.want,
  need: profile.need,
  lie: profile.lie,
  ghost: profile.ghost,
  gender: profile.gender ?? 'unknown',
  mentions: profile.mentions,
  seed: profile.seed,
});

export const isPlotJob = (job: JobRecord): job is PlotJobRecord => job.kind === plotGenerationJob.kind;

/** What every use case is given: the deps, and what is made once from them. */
export function plotsContext(deps: PlotsDeps) {
  const repo = createPlotRepository(deps.table);
  return { ...deps, repo };
}
export type PlotsContext = ReturnType<typeof plotsContext>;

export const now = (deps: PlotsContext) => isoNow(deps.clock);

export const characterNotFound = () =>
  new NotFoundError(plotMessages.characterNotFound, 'character_not_found');

/** The character, if it belongs to one of the caller's books. */
export async function findOwnCharacter(
  deps: PlotsContext,
  characterId: string,
  userId: string,
): Promise<CharacterRecord | null> {
  const character = isUuid(characterId) ? await deps.repo.getCharacter(characterId) : null;
  if (!character) return null;
  const book = await deps.books.bookOf(character.book_id);
  return book && book.owner_id === userId ? character : null;
}

export async function ownCharacter(
  deps: PlotsContext,
  characterId: string,
  userId: string,
): Promise<CharacterRecord> {
  const character = await findOwnCharacter(deps, characterId, userId);
  if (!character) throw characterNotFound();
  return character;
}

/** A book's plot overview: generated, followed and read. */

export async function ownedPlot(deps: PlotsContext, plotId: string, userId: string): Promise<PlotRecord> {
  const plot = isUuid(plotId) ? await deps.repo.getPlot(plotId) : null;
  const book = plot ? await deps.books.bookOf(plot.book_id) : null;
  if (!plot || !book || book.owner_id !== userId)
    throw new NotFoundError(plotMessages.plotNotFound, 'plot_not_found');
  return plot;
}
