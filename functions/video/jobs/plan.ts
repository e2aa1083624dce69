import { AUDIO_DEFAULTS } from '../../contracts/audio';
import { matchCharacter } from '../../contracts/images';
import type { ImageStyle } from '../../engine/image/types';
import { hashString } from '../../engine/random';
import { characterProfile, TIMES_OF_DAY, type TimeOfDay } from '../../engine/text/types';
import type { SpeechEngine } from '../../engine/speech/types';
import { voiceIn } from '../../engine/speech/voices';
import type { BookRecord } from '../../books/model';
import type { ChapterImageRecord } from '../../images/model';
import type { CharacterRecord } from '../../plots/model';
import { profileOf, voiceForName } from '../../plots/service';
import type { ScriptRecord } from '../../scripts/model';
import { FREE_WATERMARK_TEXT, SUBSCRIPTION_TIERS, type PlanLimits } from '../../contracts/subscriptions';
import type { EditorSettings } from '../../contracts/video';
import { fitFrame } from '../../engine/video/local/params';
import { spokenSeconds, type ReadingPace } from '../../engine/productions/spoken-length';
import { spokenLines } from '../../engine/text/fountain';
import { sceneEffects } from '../../engine/text/sound-effects';
import { onFrames } from '../model';
import type {
  FilmExport,
  PlannedBeat,
  PlannedCharacter,
  PlannedScene,
  ProductionPlan,
  TimelineEdit,
  VideoGenerationOptions,
} from '../model';

/**
 * The film planned from a chapter's script: its scenes in film order with what each says (the
 * narrator, each line in its speaker's voice), what it sounds like (effects, ambiance, music) and
 * the picture it may reuse (the Images tab's drawing of that scene); and its characters, each with
 * the plot's look and portrait when the plot has them. Pure: the worker loads and stores.
 */
const MAX_EFFECTS = 3;

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The picture style a video style is drawn in. */
export function imageStyleOf(videoStyle: string): ImageStyle {
  if (videoStyle === 'animated') return 'cartoon';
  return (['realistic', 'cinematic', 'cartoon', 'fantasy', 'sketch'] as const).includes(
    videoStyle as ImageStyle,
  )
    ? (videoStyle as ImageStyle)
    : 'realistic';
}

export interface PlanInput {
  generationId: string;
  book: BookRecord;
  script: ScriptRecord;
  cast: CharacterRecord[];
  images: ChapterImageRecord[];
  options: VideoGenerationOptions;
  engine: { speech: Pick<SpeechEngine, 'voiceFor'> };
}

function narratorVoice(
  engine: PlanInput['engine'],
  book: BookRecord,
  script: ScriptRecord,
  chosen: string | null | undefined,
): string {
  if (chosen) return chosen;
  // Nobody chose a voice: the configured provider's voice in the style the script calls for.
  const style =
    script.script_style === 'cinematic_narration'
      ? AUDIO_DEFAULTS.narration_voice_model
      : AUDIO_DEFAULTS.cinematic_voice_model;
  return voiceIn(engine.speech, { style, role: 'narrator' }, book.language || undefined);
}

const withoutKind = <T extends { kind: string }>({ kind: _kind, ...rest }: T) => rest;

/**
 * What a scene says, in the book's order: each stretch of its narration in the narrator's voice and
 * each line in its speaker's (`speaker` names and voices them), word for word as the script has them.
 * A scene with neither is told by its description (one written in the studio, not read from the
 * chapter), so such a scene is not silent.
 */
export function sceneBeats(
  scene: ScriptRecord['scenes'][number],
  narrator: string,
  speaker: (name: string) => { name: string; voice: string },
): PlannedBeat[] {
  const beats: PlannedBeat[] = spokenLines({
    ...scene,
    dialogue: scene.dialogue.filter((line) => line.line.trim() && line.character.trim()),
  }).flatMap((said): PlannedBeat[] => {
    const text = said.text.trim();
    if (!text) return [];
    if (said.kind === 'narration') return [{ kind: 'narration', text, voice: narrator }];
    const { name, voice } = speaker(said.character.trim());
    return [{ kind: 'dialogue', character: name, text, voice }];
  });
  if (beats.length) return beats;
  // A scene read from the chapter that speaks none of it (its passage lies inside a quotation the
  // scene before speaks whole) is shown, not told in words the book does not have.
  if (scene.source_end > scene.source_start) return [];
  const told = scene.visual_description.trim() || scene.action.join(' ').trim();
  return told ? [{ kind: 'narration', text: told, voice: narrator }] : [];
}

export function planProduction(input: PlanInput): ProductionPlan {
  const { book, script, cast, options, engine } = input;
  const characters: PlannedCharacter[] = [];
  const byKey = new Map<string, PlannedCharacter>();
  const characterFor = (name: string): PlannedCharacter => {
    const plot = matchCharacter(name, cast);
    const key = plot ? `plot:${plot.id}` : `name:${nameKey(name)}`;
    const known = byKey.get(key);
    if (known) return known;
    const planned: PlannedCharacter = {
      name,
      profile: plot
        ? { ...profileOf(plot), name }
        : characterProfile({ name, seed: hashString(nameKey(name)), physical_description: '' }),
      portrait_key: plot?.image_key ?? null,
      reference: plot?.look
        ? {
            name,
            seed: plot.look.seed,
            physical_description: plot.look.physical_description,
            look: {
              hair: plot.look.hair,
              eyes: plot.look.eyes,
              skin: plot.look.skin,
              clothing: plot.look.clothing,
              palette: plot.look.palette,
            },
          }
        : null,
    };
    byKey.set(key, planned);
    characters.push(planned);
    return planned;
  };

  const narrator = narratorVoice(engine, book, script, options.narrator_voice);
  const scenes: PlannedScene[] = script.scenes.map((scene) => {
    const beats = sceneBeats(scene, narrator, (name) => {
      const speaker = characterFor(name);
      return {
        name: speaker.name,
        voice:
          matchCharacter(name, cast)?.voice ||
          voiceForName(engine.speech, speaker.name, book.language || undefined),
      };
    });
    const lines = beats.flatMap((b) => (b.kind === 'dialogue' ? [withoutKind(b)] : []));
    for (const name of scene.characters) if (name.trim()) characterFor(name.trim());
    const narration = beats.flatMap((b) => (b.kind === 'narration' ? [b.text] : [])).join('\n\n');
    const effects = sceneEffects(scene.audio_requirements, MAX_EFFECTS);
    const image = input.images
      .filter(
        (r) =>
          r.image_type === 'scene' &&
          r.status === 'completed' &&
          r.image_key &&
          r.script_id === script.id &&
          r.scene_number === scene.scene_number,
      )
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0];
    const time: TimeOfDay = (TIMES_OF_DAY as readonly string[]).includes(scene.time_of_day)
      ? (scene.time_of_day as TimeOfDay)
      : 'day';
    return {
      scene_number: scene.scene_number,
      heading: scene.heading,
      description: {
        scene_number: scene.scene_number,
        location: scene.location,
        setting_type: scene.setting_type,
        time_of_day: time,
        estimated_duration: scene.estimated_duration,
        visual_description: scene.visual_description,
        key_actions: scene.key_actions,
        audio_requirements: scene.audio_requirements,
        characters: scene.characters,
        mood: scene.mood,
        source_start: scene.source_start,
        source_end: scene.source_end,
      },
      narration: narration ? { text: narration, voice: narrator } : null,
      lines,
      beats,
      effects,
      ambiance:
        [...scene.audio_requirements, scene.location, scene.time_of_day].filter(Boolean).join(', ') ||
        'room tone',
      music:
        options.music?.enabled === false
          ? 'no music'
          : `${AUDIO_DEFAULTS.music_style} score, ${options.music?.mood ?? scene.mood}`,
      duration_override: null,
      transition: null,
      chapter_image_key: image?.image_key ?? null,
    };
  });

  return applyTimeline(
    {
      generation_id: input.generationId,
      script_id: script.id,
      width: options.width,
      height: options.height,
      fps: options.fps,
      style: options.video_style,
      seed: hashString(`${input.generationId}:${script.id}`),
      music_style: AUDIO_DEFAULTS.music_style,
      music: options.music ?? null,
      scenes,
      characters,
      export: options.export ?? null,
    },
    options.timeline,
  );
}

const SHORT_SIDE: Record<EditorSettings['resolution'], number> = { '720p': 720, '1080p': 1080, '4k': 2160 };
const ASPECT: Record<EditorSettings['aspectRatio'], [number, number]> = {
  '16:9': [16, 9],
  '4:3': [4, 3],
  '1:1': [1, 1],
  '9:16': [9, 16],
};
/** Longest watermark drawn (characters). */
export const MAX_WATERMARK_TEXT = 60;

/**
 * The studio's export settings as the film's frame, rate and export: the resolution names the short
 * side (720p 9:16 is 720×1280, 1080p 4:3 is 1440×1080, 4k 16:9 is 3840×2160); a watermark that is
 * enabled but empty is no watermark.
 */
export function filmSettingsOf(settings: EditorSettings): {
  width: number;
  height: number;
  fps: number;
  export: FilmExport;
} {
  const short = SHORT_SIDE[settings.resolution];
  const [w, h] = ASPECT[settings.aspectRatio];
  const even = (n: number) => Math.round(n / 2) * 2;
  const size =
    w >= h
      ? { width: even((short * w) / h), height: short }
      : { width: short, height: even((short * h) / w) };
  const text = settings.watermark.enabled
    ? settings.watermark.text.replace(/\s+/g, ' ').trim().slice(0, MAX_WATERMARK_TEXT)
    : '';
  return {
    ...size,
    fps: settings.fps,
    export: {
      format: settings.outputFormat,
      quality: settings.quality,
      watermark: text ? { text, position: settings.watermark.position } : null,
      burn_subtitles: settings.burnSubtitles === true,
    },
  };
}

/**
 * Where a scene's speech sits on its sound track (the audio stage places it so): silence before
 * the first words, after the narrator, between lines, after the last words; a scene's shortest.
 */
export const SCENE_TIMING = { lead: 0.25, narratorGap: 0.5, lineGap: 0.35, tail: 0.75, minScene: 3 } as const;

/** How long a scene of a script lasts with its words read at `pace`, placed as the audio stage does. */
export function scriptSceneSeconds(scene: ScriptRecord['scenes'][number], pace: ReadingPace): number {
  const beats = sceneBeats(scene, '', (name) => ({ name, voice: '' }));
  const t = SCENE_TIMING;
  let cursor = t.lead;
  beats.forEach((beat, i) => {
    cursor += spokenSeconds(beat.text, pace);
    if (i < beats.length - 1) cursor += beatGap(beat);
  });
  return Math.max(t.minScene, beats.length ? cursor + t.tail : 0);
}

/** The breath after something said: longer after narration than between lines. */
export const beatGap = (beat: Pick<PlannedBeat, 'kind'>) =>
  beat.kind === 'narration' ? SCENE_TIMING.narratorGap : SCENE_TIMING.lineGap;

/**
 * How long the film of a script lasts: the studio's timeline when it gives every length (its
 * scenes in its order), else the script's scenes with their words read at `pace` (the fastest
 * pace: the shortest the film can be, so a film is refused before it starts only when it cannot fit).
 */
export function scriptFilmSeconds(
  script: Pick<ScriptRecord, 'scenes'>,
  timeline: TimelineEdit | null,
  pace: ReadingPace,
): number {
  const byNumber = new Map(script.scenes.map((s) => [s.scene_number, s]));
  const order = timeline?.order.length ? timeline.order : script.scenes.map((s) => s.scene_number);
  return [...new Set(order)].reduce((sum, n) => {
    const scene = byNumber.get(n);
    if (!scene) return sum;
    const given = timeline?.durations[String(n)];
    return sum + (typeof given === 'number' && given > 0 ? given : scriptSceneSeconds(scene, pace));
  }, 0);
}

/** How long the studio's timeline lasts: the lengths it gives its scenes, in its order. */
export function timelineSeconds(timeline: TimelineEdit): number {
  return [...new Set(timeline.order)].reduce((sum, n) => sum + (timeline.durations[String(n)] ?? 0), 0);
}

/**
 * How long a scene is filmed: its sound's length, or the studio's length for it — shorter cuts the
 * scene, longer holds its picture at most for the transition into it, never more (a render padded
 * with silent stills is not a longer film). On whole frames.
 */
export function sceneSeconds(
  scene: Pick<PlannedScene, 'duration_override' | 'transition'>,
  soundSeconds: number,
  fps: number,
): number {
  if (scene.duration_override === null) return soundSeconds;
  const longest = soundSeconds + (scene.transition?.duration ?? 0);
  return onFrames(Math.min(scene.duration_override, longest), fps) / fps;
}

/** How long the film of a plan lasts: each filmed scene as `sceneSeconds` films it. */
export function filmedSeconds(plan: ProductionPlan, soundSeconds: (sceneNumber: number) => number): number {
  return plan.scenes
    .filter((s) => !s.excluded)
    .reduce((sum, s) => sum + sceneSeconds(s, soundSeconds(s.scene_number), plan.fps), 0);
}

/**
 * A film within the plan's bounds (contracts/subscriptions.ts `PlanLimits`): its frame scaled down
 * into the plan's film frame, its shape kept (the studio's 1080p or 4k on a 720p plan is filmed at
 * 720p), and its rate at most the plan's.
 */
export function filmWithinPlan<F extends { width: number; height: number; fps: number }>(
  film: F,
  limits: PlanLimits,
): F {
  const frame = fitFrame(film, {
    shortSide: limits.film_frame.short_side,
    longSide: limits.film_frame.long_side,
  });
  return { ...film, width: frame.width, height: frame.height, fps: Math.min(film.fps, limits.max_fps) };
}

/**
 * The free tier's film (subscriptions): no larger than 480 lines (854×480 at 16:9, the frame's shape
 * kept) and the tier's watermark in the bottom-right corner, over whatever the studio asked.
 */
export function tierFilm(
  film: { width: number; height: number; fps: number; export: FilmExport | null },
  rule: { width: number; height: number; watermark: string } | null,
): { width: number; height: number; fps: number; export: FilmExport | null } {
  if (!rule) return film;
  const even = (n: number) => Math.round(n / 2) * 2;
  const short = Math.min(film.width, film.height);
  const scale = short > rule.height ? rule.height / short : 1;
  return {
    width: even(film.width * scale),
    height: even(film.height * scale),
    fps: film.fps,
    export: {
      format: film.export?.format ?? 'mp4',
      quality: film.export?.quality ?? 'high',
      watermark: { text: rule.watermark, position: 'bottom-right' },
      burn_subtitles: film.export?.burn_subtitles === true,
    },
  };
}

/**
 * Whether a run films the free plan's watermark: it runs under a plan that watermarks (runs from
 * before the plan was kept: the plan's watermark text).
 */
export function carriesPlanWatermark(options: Pick<VideoGenerationOptions, 'export' | 'plan'>): boolean {
  const mark = options.export?.watermark;
  if (!mark) return false;
  return options.plan
    ? SUBSCRIPTION_TIERS[options.plan.tier].has_watermark
    : mark.text === FREE_WATERMARK_TEXT;
}

/** Whether Publish must encode the film again (else it is the rendered picture, remuxed at most). */
export function needsEncode(exp: FilmExport | null | undefined): boolean {
  if (!exp) return false;
  return (
    exp.format === 'webm' ||
    exp.watermark !== null ||
    exp.burn_subtitles === true ||
    exp.quality === 'low' ||
    exp.quality === 'medium'
  );
}

/**
 * The studio's edit applied to a plan: the scenes in its order (those it left out are not filmed),
 * with its lengths and transitions; without an edit, the script's order and the spoken lengths, and a
 * 0.5 s fade into every scene but the first.
 */
export function applyTimeline(plan: ProductionPlan, timeline: TimelineEdit | null): ProductionPlan {
  const byNumber = new Map(plan.scenes.map((s) => [s.scene_number, s]));
  const order = timeline
    ? timeline.order.filter((n, i, all) => byNumber.has(n) && all.indexOf(n) === i)
    : plan.scenes.map((s) => s.scene_number).sort((a, b) => a - b);
  const scenes = (order.length ? order : [...byNumber.keys()]).map((n, i) => {
    const scene = byNumber.get(n)!;
    const duration = timeline?.durations[String(n)];
    const transition = timeline?.transitions[String(n)];
    return {
      ...scene,
      excluded: false,
      duration_override: typeof duration === 'number' && duration > 0 ? duration : null,
      transition:
        transition && transition.type !== 'none'
          ? transition
          : transition
            ? null
            : i > 0
              ? { type: 'fade' as const, duration: 0.5 }
              : null,
    };
  });
  // The scenes not filmed stay in the plan (their audio and pictures may be reused later), after the film's.
  const rest = plan.scenes.filter((s) => !scenes.some((f) => f.scene_number === s.scene_number));
  return { ...plan, scenes: [...scenes, ...rest.map((s) => ({ ...s, excluded: true }))] };
}

/** The scene numbers filmed, in film order. */
export const filmedScenes = (plan: ProductionPlan) =>
  plan.scenes.filter((s) => !s.excluded).map((s) => s.scene_number);
