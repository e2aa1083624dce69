import { join } from 'node:path';
import type { CharacterReference } from '../../engine/image/types';
import { getJson } from '../../lib/json-files';
import {
  itemName,
  videoKeys,
  type AudioManifest,
  type PlannedScene,
  type ProductionPlan,
  type VideoGenerationJob,
} from '../model';
import { imageStyleOf, sceneSeconds } from '../jobs/plan';
import {
  activeGeneration,
  advanceStage,
  bookOf,
  enterStage,
  portraitsOf,
  readPlan,
  saveItem,
  sceneOf,
  stageNow,
} from './generation';
import { sceneMoments } from './moments';
import type { PipelineDeps, SceneTask } from './ports';

/**
 * GenerateImages: each character's portrait (DrawCharacter), then each scene's picture (DrawScene)
 * drawn with the looks the portraits fixed. A portrait the plot already has, or a picture the Images
 * tab already drew of the scene, is reused rather than drawn again.
 */
export type ImagesDeps = Pick<
  PipelineDeps,
  'jobs' | 'engine' | 'media' | 'items' | 'clock' | 'tempDir' | 'faultPoint'
>;

/** The drawing settings every picture of the film shares. */
const drawingOf = (plan: ProductionPlan) => ({
  style: imageStyleOf(plan.style),
  quality: plan.width >= 1920 ? ('hd' as const) : ('standard' as const),
  aspectRatio: '16:9' as const,
});

/** Every picture of the film counts towards the stage's bar: the characters', then the scenes'. */
const picturesOf = (plan: ProductionPlan) => plan.characters.length + plan.scenes.length;

export async function drawCharacterStage(
  deps: ImagesDeps,
  { job_id, character }: { job_id: string; character: number },
) {
  const job = await activeGeneration(deps, job_id);
  await enterStage(deps, job, 'images');
  await deps.faultPoint('pipeline.images');
  const plan = await readPlan(deps, job);
  const planned = plan.characters[character];
  if (!planned) throw new Error(`Character ${character} is not in the plan`);
  const started_at = stageNow(deps);
  const item = {
    stage: 'images' as const,
    item: itemName.character(character),
    scene_number: null,
    started_at,
  };
  if (planned.portrait_key && (await deps.media.head(planned.portrait_key))) {
    await saveItem(deps, job, {
      ...item,
      counters: { generated: 0 },
      keys: [],
      data: { kind: 'character', name: planned.name, portrait_key: planned.portrait_key, source: 'plot' },
    });
  } else {
    const key = videoKeys.character(bookOf(job), job.id, character);
    await deps.tempDir('video-portrait', async (dir) => {
      const drawn = await deps.engine.image.portrait({
        ...drawingOf(plan),
        seed: planned.reference?.seed ?? planned.profile.seed,
        outputPath: join(dir, 'portrait.png'),
        character: planned.profile,
        ...(planned.reference ? { reference: planned.reference } : {}),
      });
      await deps.media.upload(key, drawn.path, 'image/png');
    });
    await saveItem(deps, job, {
      ...item,
      counters: { generated: 1 },
      keys: [key],
      data: { kind: 'character', name: planned.name, portrait_key: key, source: 'generated' },
    });
  }
  await advanceStage(deps, job, 'images', picturesOf(plan));
  return { character };
}

export async function drawSceneStage(deps: ImagesDeps, { job_id, scene_number }: SceneTask) {
  const job = await activeGeneration(deps, job_id);
  await enterStage(deps, job, 'images');
  await deps.faultPoint('pipeline.images');
  const plan = await readPlan(deps, job);
  const scene = sceneOf(plan, scene_number);
  const started_at = stageNow(deps);
  const item = { stage: 'images' as const, item: itemName.scene(scene_number), scene_number, started_at };
  const moments = await momentsOf(deps, job, plan, scene);
  // The Images tab's picture of the scene opens it; the later moments are drawn.
  const reused = scene.chapter_image_key && (await deps.media.head(scene.chapter_image_key));
  const keys = moments.map((_, i) =>
    i === 0 && reused ? scene.chapter_image_key! : videoKeys.sceneImage(bookOf(job), job.id, scene_number, i),
  );
  const drawn = moments.flatMap((moment, i) => (i === 0 && reused ? [] : [{ moment, key: keys[i]!, i }]));
  for (const { moment, key, i } of drawn)
    await drawScene(deps, job, plan, { ...scene, description: moment.description }, key, i);
  await saveItem(deps, job, {
    ...item,
    counters: { generated: drawn.length },
    keys: drawn.map((d) => d.key),
    data: {
      kind: 'scene',
      image_key: keys[0],
      images: moments.map((m, i) => ({ key: keys[i], start: m.start })),
      source: reused ? 'chapter' : 'generated',
    },
  });
  await advanceStage(deps, job, 'images', picturesOf(plan));
  return { scene_number, pictures: moments.length };
}

/** The moments the scene is drawn in, from what its sound says when (one, before any sound). */
async function momentsOf(
  deps: ImagesDeps,
  job: VideoGenerationJob,
  plan: ProductionPlan,
  scene: PlannedScene,
) {
  const audio = await deps.items.getItem(bookOf(job), job.id, 'audio', itemName.scene(scene.scene_number));
  if (audio?.status !== 'completed') return [{ start: 0, description: scene.description }];
  const manifest = await getJson<AudioManifest>(deps.media, String(audio.data.manifest_key));
  return sceneMoments(scene, manifest, sceneSeconds(scene, manifest.duration, plan.fps));
}

/** The scene drawn with its characters as their portraits show them, stored at `key`. */
async function drawScene(
  deps: ImagesDeps,
  job: VideoGenerationJob,
  plan: ProductionPlan,
  scene: PlannedScene,
  key: string,
  moment: number,
) {
  const known = await portraitsOf(deps, job, plan);
  const cast = scene.description.characters
    .map((name) => plan.characters.find((c) => c.name.toLowerCase() === name.trim().toLowerCase()))
    .filter((c): c is NonNullable<typeof c> => Boolean(c));
  const references: CharacterReference[] = cast
    .filter((c) => c.reference)
    .map((c) => {
      const portrait = known.get(c.name);
      return { ...c.reference!, ...(portrait ? { image: () => deps.media.getBytes(portrait) } : {}) };
    });
  await deps.tempDir('video-scene', async (dir) => {
    const drawn = await deps.engine.image.scene({
      ...drawingOf(plan),
      // Each moment of a scene is its own composition (where people stand, the camera's view).
      seed: plan.seed + scene.scene_number + moment * MOMENT_SEED_STEP,
      outputPath: join(dir, 'scene.png'),
      scene: scene.description,
      characters: cast.map((c) => c.profile),
      references,
      includeBackground: true,
    });
    await deps.media.upload(key, drawn.path, 'image/png');
  });
}

/** Far enough apart that no scene's later moment shares another scene's seed. */
const MOMENT_SEED_STEP = 100_003;
