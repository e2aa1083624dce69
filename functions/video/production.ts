import type { SaveProductionInput } from '../contracts/video-requests';
import {
  EDITOR_DEFAULTS,
  NEW_SCENE_TRANSITION,
  videoMessages,
  type EditorSettings,
  type ProductionScene,
  type VideoGeneration,
  type VideoProduction,
} from '../contracts/video';
import { isActive } from '../jobs';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { mediaUrl } from '../lib/media-urls';
import type { ScriptRecord } from '../scripts/model';
import { type ProductionRecord, type TimelineEdit, type VideoGenerationJob } from './model';
import { filmSettingsOf, scriptSceneSeconds } from './jobs/plan';
import {
  GenerationRunningError,
  retrySteps,
  type VideoContext,
  now,
  ownScript,
  chapterGenerations,
  itemsOf,
  num,
  round,
} from './common';
import { rerun, startGeneration, getGeneration } from './generation';

/** The production editor: a chapter's scenes and timeline saved, initialized from its script, and rendered. */

export function emptyProduction(chapterId: string): VideoProduction {
  return {
    chapter_id: chapterId,
    script_id: null,
    scenes: [],
    editorSettings: EDITOR_DEFAULTS,
    finalVideoUrl: null,
    metadata: { fileSize: null, duration: null, resolution: null, format: null },
    video_generation_id: null,
    updated_at: null,
  };
}

export async function productionView(
  deps: VideoContext,
  chapterId: string,
  bookId: string,
  record: ProductionRecord | null,
): Promise<VideoProduction> {
  const base = record
    ? {
        ...emptyProduction(chapterId),
        script_id: record.script_id,
        scenes: record.scenes,
        editorSettings: record.editorSettings,
        updated_at: record.updated_at,
      }
    : emptyProduction(chapterId);
  const latest = (await chapterGenerations(deps, bookId, chapterId)).find(
    (g) => g.outputs.final_key && (!base.script_id || g.options.script_id === base.script_id),
  );
  if (!latest?.outputs.final) return base;
  const final = latest.outputs.final;
  // The timeline says what was filmed, each scene at the length its film gave it, until the
  // studio saves a new edit after that film.
  const edited = record && record.updated_at > (latest.finished_at ?? latest.updated_at);
  const filmed = new Map(
    (edited ? [] : await itemsOf(deps, latest))
      .filter((i) => i.stage === 'video' && i.status === 'completed' && i.scene_number !== null)
      .map((i) => [i.scene_number!, round(num(i.data.duration), 3)]),
  );
  return {
    ...base,
    scenes: base.scenes.map((scene) => ({
      ...scene,
      duration: filmed.get(scene.sceneNumber) ?? scene.duration,
    })),
    finalVideoUrl: mediaUrl(latest.outputs.final_key),
    metadata: {
      fileSize: final.bytes,
      duration: round(final.duration, 2),
      resolution: `${final.width}x${final.height}`,
      format: final.format ?? 'mp4',
    },
    video_generation_id: latest.id,
  };
}

/** Each scene's sound length in the script's latest film that recorded it (seconds, by scene). */
async function filmedSoundSeconds(deps: VideoContext, script: ScriptRecord): Promise<Map<number, number>> {
  const latest = (await chapterGenerations(deps, script.book_id, script.chapter_id)).find(
    (g) => g.options.script_id === script.id && g.outputs.final_key,
  );
  const items = latest ? await itemsOf(deps, latest) : [];
  return new Map(
    items
      .filter((i) => i.stage === 'audio' && i.status === 'completed' && i.scene_number !== null)
      .map((i) => [i.scene_number!, num(i.data.duration)]),
  );
}

/** The studio's timeline as the pipeline's edit: its order, lengths and transitions. */
export function timelineOf(scenes: ProductionScene[], script: ScriptRecord): TimelineEdit {
  const known = new Set(script.scenes.map((s) => s.scene_number));
  const stranger = scenes.find((s) => !known.has(s.sceneNumber));
  if (stranger)
    throw new BadRequestError(videoMessages.sceneNotInScript(stranger.sceneNumber), 'scene_not_in_script');
  const kept = scenes;
  return {
    order: kept.map((s) => s.sceneNumber),
    durations: Object.fromEntries(kept.map((s) => [String(s.sceneNumber), round(s.duration, 3)])),
    transitions: Object.fromEntries(
      kept.map((s, i) => [
        String(s.sceneNumber),
        s.transitions[0] ?? (i === 0 ? { type: 'none' as const, duration: 0 } : { ...NEW_SCENE_TRANSITION }),
      ]),
    ),
  };
}

// --- the studio's production ---

export async function getProduction(
  deps: VideoContext,
  userId: string,
  chapterId: string,
): Promise<VideoProduction> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  return productionView(deps, chapter.id, book.id, await deps.repo.getProduction(book.id, chapter.id));
}

export async function saveProduction(
  deps: VideoContext,
  userId: string,
  chapterId: string,
  input: SaveProductionInput,
): Promise<VideoProduction> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  if (input.script_id) {
    const script = await ownScript(deps, input.script_id, userId);
    if (script.chapter_id !== chapter.id)
      throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
  }
  const record: ProductionRecord = {
    book_id: book.id,
    chapter_id: chapter.id,
    owner_id: userId,
    script_id: input.script_id,
    scenes: input.scenes as ProductionScene[],
    editorSettings: input.editorSettings as VideoProduction['editorSettings'],
    updated_at: now(deps),
  };
  await deps.repo.putProduction(record);
  return productionView(deps, chapter.id, book.id, record);
}

/** The production's scenes made from the script, with the chapter's pictures and audio of each. */
export async function initializeProduction(
  deps: VideoContext,
  userId: string,
  scriptId: string,
): Promise<VideoProduction> {
  const script = await ownScript(deps, scriptId, userId);
  const chapterImages = (await deps.images.chapterImagesOf(script.book_id, script.chapter_id)).filter(
    (r) => r.image_type === 'scene' && r.status === 'completed' && r.image_key,
  );
  if (!chapterImages.length) throw new BadRequestError(videoMessages.noImages, 'no_images');
  const audio = await deps.audio.list(userId, script.chapter_id, script.id);
  const filmed = await filmedSoundSeconds(deps, script);
  const scenes: ProductionScene[] = script.scenes.map((scene, i) => {
    const picture = chapterImages
      .filter((r) => r.scene_number === scene.scene_number && (r.script_id === script.id || !r.script_id))
      .sort(
        (a, b) =>
          (a.script_id === script.id ? -1 : 0) - (b.script_id === script.id ? -1 : 0) ||
          b.updated_at.localeCompare(a.updated_at),
      )[0];
    const files = audio.filter((f) => f.scene_number === scene.scene_number && f.status === 'completed');
    const url = picture ? mediaUrl(picture.image_key) : null;
    return {
      id: `scene-${scene.scene_number}`,
      sceneNumber: scene.scene_number,
      // The length the film gives the scene: its recorded sound when a film of the script has
      // one, else the script's words read as the film reads them.
      duration: round(filmed.get(scene.scene_number) ?? scriptSceneSeconds(scene, 'slowest'), 3),
      status: picture ? 'completed' : 'pending',
      imageUrl: url,
      thumbnailUrl: url,
      video_url: null,
      transitions: i === 0 ? [] : [{ ...NEW_SCENE_TRANSITION }],
      audioFiles: files.map((f) => ({ id: f.id, url: f.url, name: f.name, duration: f.duration ?? 0 })),
      characters: scene.characters,
      location: scene.location,
      time_of_day: scene.time_of_day,
      dialogue: scene.dialogue.map((d) => ({ character: d.character, line: d.line })),
    };
  });
  return saveProduction(deps, userId, script.chapter_id, {
    script_id: script.id,
    scenes,
    editorSettings: ((await deps.repo.getProduction(script.book_id, script.chapter_id))?.editorSettings ??
      EDITOR_DEFAULTS) as never,
  } as SaveProductionInput);
}

/**
 * Films the saved timeline: the latest generation of the script is run again from the scene
 * videos, re-rendering only the scenes whose length or transition changed (a new order only
 * merges again); without one, a new generation starts with the timeline.
 */
export async function renderProduction(
  deps: VideoContext,
  userId: string,
  chapterId: string,
  scriptId: string,
): Promise<VideoGeneration> {
  const { book, chapter } = await deps.books.ownedChapter(userId, chapterId);
  const script = await ownScript(deps, scriptId, userId);
  if (script.chapter_id !== chapter.id)
    throw new NotFoundError(videoMessages.scriptNotFound, 'script_not_found');
  const production = await deps.repo.getProduction(book.id, chapter.id);
  if (!production?.scenes.length) throw new BadRequestError(videoMessages.noScenes, 'no_scenes');
  const timeline = timelineOf(production.scenes, script);
  if (!timeline.order.length) throw new BadRequestError(videoMessages.noScenes, 'no_scenes');
  const film = filmSettingsOf({
    ...EDITOR_DEFAULTS,
    ...(production.editorSettings as Partial<EditorSettings>),
  });
  const latest = (await chapterGenerations(deps, book.id, chapter.id)).find(
    (g) => g.options.script_id === script.id,
  );
  if (latest) {
    const settled = (await deps.jobs.settle(latest)) as VideoGenerationJob;
    if (isActive(settled.status)) throw new GenerationRunningError(settled.id);
    const items = await itemsOf(deps, settled);
    if (retrySteps(items, settled).includes('video')) {
      // A scene is filmed again only when its length or the transition into it changed.
      const changed = timeline.order.filter((n) => {
        const key = String(n);
        const clip = items.find((i) => i.stage === 'video' && i.scene_number === n);
        if (!clip) return true;
        const wanted = timeline.transitions[key];
        const effective = wanted && wanted.type !== 'none' ? wanted : null;
        return (
          Math.abs(num(clip.data.duration) - timeline.durations[key]!) >= 0.05 ||
          JSON.stringify(clip.data.transition ?? null) !== JSON.stringify(effective)
        );
      });
      return rerun(deps, settled, 'video', {
        timeline,
        redo_scenes: changed,
        width: film.width,
        height: film.height,
        fps: film.fps,
        export: film.export,
      });
    }
  }
  const started = await startGeneration(
    deps,
    userId,
    {
      script_id: script.id,
      chapter_id: chapter.id,
      quality_tier: 'basic',
      video_style: 'realistic',
      mode: 'basic',
    },
    timeline,
    film,
  );
  return getGeneration(deps, userId, started.video_generation_id);
}
