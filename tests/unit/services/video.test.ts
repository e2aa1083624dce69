import { afterEach, describe, expect, it } from 'vitest';
import {
  EDITOR_DEFAULTS,
  EXPORT_PRESETS,
  isGenerating,
  normaliseGenerationStatus,
} from '../../../functions/contracts/video';
import {
  generateVideoRequest,
  retryGenerationBody,
  saveProductionRequest,
} from '../../../functions/contracts/video-requests';
import { injectFault } from '../../../functions/lib/middleware/faults';
import {
  applyTimeline,
  filmedScenes,
  filmSettingsOf,
  needsEncode,
  filmWithinPlan,
  filmedSeconds,
  scriptFilmSeconds,
  SCENE_TIMING,
  timelineSeconds,
  tierFilm,
} from '../../../functions/video/jobs/plan';
import { SUBSCRIPTION_TIERS } from '../../../functions/contracts/subscriptions';
import { planShots } from '../../../functions/video/pipeline/shots';
import type { ProductionPlan, StageItemRecord, VideoGenerationJob } from '../../../functions/video/model';
import {
  audioFilesOf,
  generationStatusOf,
  progressOf,
  reframes,
  rerunTakesUnit,
  retrySteps,
  stagesOf,
} from '../../../functions/video/service';

describe('generation status normalisation (spec 2 §4, spec 3 §4)', () => {
  it('keeps the normalised values and maps the synonyms', () => {
    expect(normaliseGenerationStatus('generating_images')).toBe('generating_images');
    expect(normaliseGenerationStatus('audio_generation')).toBe('generating_audio');
    expect(normaliseGenerationStatus('pending')).toBe('generating_audio');
    expect(normaliseGenerationStatus('processing')).toBe('generating_video');
    expect(normaliseGenerationStatus('lipsync')).toBe('applying_lipsync');
    expect(normaliseGenerationStatus('combining')).toBe('merging_audio');
    expect(normaliseGenerationStatus('complete')).toBe('completed');
    expect(normaliseGenerationStatus('success')).toBe('completed');
    expect(normaliseGenerationStatus('error')).toBe('failed');
    expect(normaliseGenerationStatus('CANCELLED')).toBe('cancelled');
  });

  it('reads null, missing, unknown and lipsync_failed as failed', () => {
    expect(normaliseGenerationStatus(null)).toBe('failed');
    expect(normaliseGenerationStatus(undefined)).toBe('failed');
    expect(normaliseGenerationStatus('unknown')).toBe('failed');
    expect(normaliseGenerationStatus('lipsync_failed')).toBe('failed');
    expect(normaliseGenerationStatus('warp_drive')).toBe('failed');
  });

  it('is generating until completed, failed or cancelled', () => {
    expect(isGenerating('merging_audio')).toBe(true);
    expect(isGenerating('pending')).toBe(true);
    expect(isGenerating('completed')).toBe(false);
    expect(isGenerating('lipsync_failed')).toBe(false);
    expect(isGenerating('cancelled')).toBe(false);
  });
});

describe('requests', () => {
  it('takes the spec defaults and refuses unknown steps in words', () => {
    const parsed = generateVideoRequest.parse({ script_id: 's', chapter_id: 'c' });
    expect(parsed).toMatchObject({ quality_tier: 'basic', video_style: 'realistic' });
    const bad = retryGenerationBody.safeParse({ retry_from_step: 'colour' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/audio, images, video, merge, lipsync/);
    expect(retryGenerationBody.safeParse(undefined).success).toBe(true);
  });

  it('refuses a scene of no length and two scenes with one id', () => {
    expect(
      saveProductionRequest.safeParse({ scenes: [{ id: 'a', sceneNumber: 1, duration: 0 }] }).success,
    ).toBe(false);
    const twice = saveProductionRequest.safeParse({
      scenes: [
        { id: 'a', sceneNumber: 1, duration: 2 },
        { id: 'a', sceneNumber: 2, duration: 2 },
      ],
    });
    expect(twice.success).toBe(false);
    const fine = saveProductionRequest.parse({ scenes: [{ id: 'a', sceneNumber: 1, duration: 2.5 }] });
    expect(fine.editorSettings).toMatchObject({
      resolution: '1080p',
      fps: 30,
      aspectRatio: '16:9',
      quality: 'high',
    });
    expect(fine.scenes[0]!.transitions).toEqual([]);
  });
});

describe('shots of a scene', () => {
  const line = (start: number, character: string) => ({
    key: 'k',
    character,
    text: 'words',
    start,
    duration: 1,
    visemes: [],
  });
  const keyOf = (i: number) => `shot-${i}`;

  it('opens on the scene, then cuts to each speaker on whole frames, covering the scene exactly', () => {
    const shots = planShots(
      { lines: [line(2.013, 'Nell'), line(3.5, 'Crane')], duration: 5 },
      5,
      24,
      () => true,
      keyOf,
    );
    expect(shots.map((s) => [s.kind, s.character])).toEqual([
      ['scene', null],
      ['dialogue', 'Nell'],
      ['dialogue', 'Crane'],
    ]);
    expect(shots[1]!.start * 24).toBe(Math.round(2.013 * 24));
    expect(shots.reduce((sum, s) => sum + s.frames, 0)).toBe(120);
    for (const s of shots) expect(Number.isInteger(s.frames)).toBe(true);
  });

  it('opens on the speaker when the first line starts at once, and shows the scene for a speaker without a face', () => {
    const shots = planShots(
      { lines: [line(0.25, 'Nell'), line(2, 'Stranger')], duration: 4 },
      4,
      24,
      (name) => name === 'Nell',
      keyOf,
    );
    expect(shots[0]).toMatchObject({ kind: 'dialogue', character: 'Nell', start: 0, line: 0 });
    expect(shots[1]).toMatchObject({ kind: 'scene', line: null });
  });

  it('drops lines the studio cut off', () => {
    const shots = planShots(
      { lines: [line(1, 'Nell'), line(6, 'Crane')], duration: 8 },
      3,
      24,
      () => true,
      keyOf,
    );
    expect(shots.map((s) => s.character)).toEqual([null, 'Nell', null]);
    expect(shots.reduce((sum, s) => sum + s.frames, 0)).toBe(72);
  });
});

describe("the studio's timeline over a plan", () => {
  const plan = {
    scenes: [1, 2, 3].map((n) => ({ scene_number: n, duration_override: null, transition: null })),
  } as unknown as ProductionPlan;

  it('without an edit: script order, a fade into every scene but the first', () => {
    const made = applyTimeline(plan, null);
    expect(filmedScenes(made)).toEqual([1, 2, 3]);
    expect(made.scenes.map((s) => s.transition?.type ?? null)).toEqual([null, 'fade', 'fade']);
  });

  it('with an edit: its order, lengths and transitions; scenes left out stay in the plan unfilmed', () => {
    const made = applyTimeline(plan, {
      order: [3, 1],
      durations: { '3': 4.5 },
      transitions: { '1': { type: 'fadewhite', duration: 1 }, '3': { type: 'none', duration: 0 } },
    });
    expect(filmedScenes(made)).toEqual([3, 1]);
    expect(made.scenes[0]).toMatchObject({ scene_number: 3, duration_override: 4.5, transition: null });
    expect(made.scenes[1]).toMatchObject({ scene_number: 1, transition: { type: 'fadewhite', duration: 1 } });
    expect(made.scenes[2]).toMatchObject({ scene_number: 2, excluded: true });
  });
});

describe('progress of a generation', () => {
  const job = (patch: Partial<VideoGenerationJob> = {}): VideoGenerationJob =>
    ({
      id: 'g',
      kind: 'video-generation',
      status: 'running',
      progress: 40,
      step: '',
      attempt: 1,
      outputs: { scene_count: 2, character_count: 1, stage: 'video', generation_status: 'generating_video' },
      options: {},
      target: {},
      ...patch,
    }) as VideoGenerationJob;
  const item = (stage: StageItemRecord['stage'], name: string, counters: StageItemRecord['counters'] = {}) =>
    ({
      generation_id: 'g',
      stage,
      item: name,
      attempt: 1,
      scene_number: name.startsWith('scene-') ? Number(name.slice(6)) : null,
      status: 'completed',
      counters,
      keys: [],
      data: {},
      started_at: '2026-11-24T10:00:00.000Z',
      finished_at: '2026-11-24T10:00:02.000Z',
    }) as StageItemRecord;
  const items = [
    item('audio', 'scene-0001', {
      narrator_files: 1,
      character_files: 3,
      sound_effects: 2,
      background_music: 2,
    }),
    item('audio', 'scene-0002', {
      narrator_files: 1,
      character_files: 1,
      sound_effects: 0,
      background_music: 2,
    }),
    item('images', 'character-0000', { generated: 1 }),
    item('images', 'scene-0001', { generated: 0 }),
    item('images', 'scene-0002', { generated: 1 }),
    item('video', 'scene-0001'),
  ];

  it('sums each stage from its items; counters default to 0 and sync accuracy is unknown until lip-sync ran', () => {
    const p = progressOf(items, job());
    expect(p.audio_progress).toEqual({
      narrator_files: 2,
      character_files: 4,
      sound_effects: 2,
      background_music: 4,
    });
    expect(p.image_progress).toMatchObject({
      total_images_generated: 2,
      scenes_completed: 2,
      success_rate: 100,
    });
    expect(p.video_progress).toMatchObject({ total_scenes: 2, scenes_completed: 1, failed_videos: 0 });
    expect(p.merge_progress).toMatchObject({ total_scenes_merged: 0, sync_accuracy: 'unknown' });
    expect(p.lipsync_progress.processing_method).toBe('unknown');
  });

  it('weights the measured sync accuracy by the seconds of lip-synced speech', () => {
    const synced = [
      ...items,
      item('lipsync', 'scene-0001', {
        shots: 2,
        characters: 'Nell\nCrane',
        processing_method: 'visemes',
        sync_frames_weighted: 90 * 3,
        sync_seconds: 3,
      }),
      item('lipsync', 'scene-0002', {
        shots: 1,
        characters: 'Nell',
        processing_method: 'visemes',
        sync_frames_weighted: 70 * 1,
        sync_seconds: 1,
      }),
    ];
    const p = progressOf(synced, job());
    expect(p.merge_progress.sync_accuracy).toBe(85);
    expect(p.lipsync_progress).toMatchObject({
      characters_lip_synced: 2,
      scenes_with_lipsync: 2,
      processing_method: 'visemes',
    });
  });

  it('says which stage runs, which are done and which a retry may start from', () => {
    const stages = stagesOf(items, job());
    expect(stages.map((s) => s.status)).toEqual(['completed', 'completed', 'running', 'pending', 'pending']);
    expect(stages[0]!.state).toBe('GenerateAudio');
    const failed = job({ status: 'failed', outputs: { ...job().outputs, failed_step: 'video' } });
    expect(stagesOf(items, failed)[2]!.status).toBe('failed');
    expect(generationStatusOf(failed)).toBe('failed');
    expect(retrySteps(items, failed)).toEqual(['audio', 'images', 'video']);
    expect(generationStatusOf(job({ status: 'ready' }))).toBe('completed');
    expect(generationStatusOf(job({ status: 'cancelled' }))).toBe('cancelled');
  });

  it("never reads as ended while its job is queued or running (a retry keeps the last run's outputs)", () => {
    for (const status of ['queued', 'running'] as const)
      for (const ended of ['failed', 'completed', 'cancelled'] as const) {
        const retried = job({ status, outputs: { ...job().outputs, generation_status: ended } });
        expect(generationStatusOf(retried)).toBe('pending');
      }
    expect(generationStatusOf(job({ status: 'queued', outputs: {} }))).toBe('pending');
    expect(generationStatusOf(job())).toBe('generating_video');
  });
});

describe("running a generation again and the month's videos", () => {
  const period = '2026-11';
  it('takes a unit for a rerun of a completed generation: its film is replaced by a new one', () => {
    expect(rerunTakesUnit({ usage: { period, state: 'kept' } })).toBe(true);
  });

  it('takes back the unit a failed or cancelled run returned: the film still costs one unit in all', () => {
    expect(rerunTakesUnit({ usage: { period, state: 'returned' } })).toBe(true);
  });

  it('takes a unit for a generation that never held one, and none while the generation holds its own', () => {
    expect(rerunTakesUnit({})).toBe(true);
    expect(rerunTakesUnit({ usage: null })).toBe(true);
    expect(rerunTakesUnit({ usage: { period, state: 'held' } })).toBe(false);
  });
});

describe("a film within the plan's bounds", () => {
  const limits = (tier: 'free' | 'basic' | 'pro') => SUBSCRIPTION_TIERS[tier].limits;
  it("films the studio's 4k at 60 fps at the plan's frame and rate, its shape kept", () => {
    const cinema = filmSettingsOf({ ...EDITOR_DEFAULTS, resolution: '4k', fps: 60 });
    expect(filmWithinPlan(cinema, limits('basic'))).toMatchObject({ width: 1280, height: 720, fps: 60 });
    expect(filmWithinPlan(cinema, limits('pro'))).toMatchObject({ width: 1920, height: 1080, fps: 60 });
    const tall = filmSettingsOf({ ...EDITOR_DEFAULTS, resolution: '1080p', aspectRatio: '9:16' });
    expect(filmWithinPlan(tall, limits('basic'))).toMatchObject({ width: 720, height: 1280 });
    const free = tierFilm(filmWithinPlan(cinema, limits('free')), {
      width: 854,
      height: 480,
      watermark: 'BookStudio',
    });
    expect(free).toMatchObject({ width: 854, height: 480, fps: 30 });
    expect(free.export?.watermark?.text).toBe('BookStudio');
  });

  it('leaves a film the plan includes as it is', () => {
    const film = { width: 1280, height: 720, fps: 24, export: null };
    expect(filmWithinPlan(film, limits('basic'))).toEqual(film);
  });

  it('films every scene again only when the frame or the rate changes', () => {
    const filmed = { width: 1280, height: 720, fps: 30 };
    expect(reframes(filmed, {})).toBe(false);
    expect(reframes(filmed, { width: 1280, height: 720, fps: 30 })).toBe(false);
    expect(reframes(filmed, { fps: 24 })).toBe(true);
    expect(reframes(filmed, { width: 720, height: 1280 })).toBe(true);
  });
});

describe("a film's length before and while it is made", () => {
  const words = (n: number) => Array.from({ length: n }, () => 'lantern').join(' ');
  const scene = (n: number, narration: string, lines: string[]) => ({
    scene_number: n,
    narration,
    visual_description: 'The quay.',
    action: [],
    dialogue: lines.map((line) => ({ character: 'Nell', line })),
  });
  const script = {
    scenes: [scene(1, words(33), [words(33)]), scene(2, '', [])],
  } as unknown as Parameters<typeof scriptFilmSeconds>[0];

  it("reads the script's words at a pace, placed as the audio stage places them", () => {
    const t = SCENE_TIMING;
    // Scene 1: 10 s of narration and 10 s of a line at the fastest pace; scene 2 says its picture.
    const first = t.lead + 10 + t.narratorGap + 10 + t.tail;
    const second = Math.max(t.minScene, t.lead + 2 / 3.3 + t.tail);
    expect(scriptFilmSeconds(script, null, 'fastest')).toBeCloseTo(first + second);
    expect(scriptFilmSeconds(script, null, 'slowest')).toBeGreaterThan(first + second);
  });

  it("takes the studio's lengths, in its order, for the scenes it films", () => {
    const timeline = { order: [2, 2, 1], durations: { '1': 7.5, '2': 4 }, transitions: {} };
    expect(timelineSeconds(timeline)).toBe(11.5);
    expect(scriptFilmSeconds(script, timeline, 'fastest')).toBe(11.5);
    expect(timelineSeconds({ order: [2], durations: { '1': 9, '2': 4 }, transitions: {} })).toBe(4);
  });

  it("adds the filmed scenes' lengths once their sound is known", () => {
    const plan = {
      fps: 24,
      scenes: [
        { scene_number: 1, excluded: false, duration_override: null, transition: null },
        { scene_number: 2, excluded: false, duration_override: 6, transition: null },
        { scene_number: 3, excluded: true, duration_override: null, transition: null },
        // Longer than its sound: held at most for its transition, never padded further.
        {
          scene_number: 4,
          excluded: false,
          duration_override: 200,
          transition: { type: 'fade', duration: 0.5 },
        },
      ],
    } as unknown as Parameters<typeof filmedSeconds>[0];
    expect(filmedSeconds(plan, (n) => n * 10)).toBe(10 + 6 + 40.5);
  });
});

describe('fault points', () => {
  afterEach(() => {
    delete process.env.FAULT_INJECTION;
    delete process.env.FAULT_INJECTION_FIRED;
  });

  it('fires a point written :once only the first time, and a plain point every time', () => {
    process.env.FAULT_INJECTION = 'pipeline.lipsync:once,pipeline.merge';
    expect(() => injectFault('pipeline.lipsync')).toThrow(/pipeline.lipsync/);
    expect(() => injectFault('pipeline.lipsync')).not.toThrow();
    expect(() => injectFault('pipeline.merge')).toThrow();
    expect(() => injectFault('pipeline.merge')).toThrow();
    expect(() => injectFault('pipeline.audio')).not.toThrow();
  });
});

describe("the studio's export settings as the film's frame and export", () => {
  it('reads the resolution as the short side in the chosen shape', () => {
    const frame = (preset: keyof typeof EXPORT_PRESETS) => {
      const f = filmSettingsOf({ ...EDITOR_DEFAULTS, ...EXPORT_PRESETS[preset] });
      return `${f.width}x${f.height}@${f.fps}`;
    };
    expect(frame('YouTube')).toBe('1920x1080@30');
    expect(frame('Instagram')).toBe('1080x1080@30');
    expect(frame('TikTok')).toBe('720x1280@30');
    expect(frame('Cinema')).toBe('3840x2160@24');
    const fourThree = filmSettingsOf({ ...EDITOR_DEFAULTS, resolution: '720p', aspectRatio: '4:3' });
    expect([fourThree.width, fourThree.height]).toEqual([960, 720]);
  });

  it('draws a watermark only when enabled with text, tidied and bounded', () => {
    const off = filmSettingsOf({
      ...EDITOR_DEFAULTS,
      watermark: { enabled: false, text: 'x', position: 'top-left' },
    });
    expect(off.export.watermark).toBeNull();
    const blank = filmSettingsOf({
      ...EDITOR_DEFAULTS,
      watermark: { enabled: true, text: '  \n ', position: 'top-left' },
    });
    expect(blank.export.watermark).toBeNull();
    const on = filmSettingsOf({
      ...EDITOR_DEFAULTS,
      watermark: { enabled: true, text: `  My\n  studio ${'x'.repeat(100)}`, position: 'bottom-left' },
    });
    expect(on.export.watermark?.position).toBe('bottom-left');
    expect(on.export.watermark?.text.startsWith('My studio x')).toBe(true);
    expect(on.export.watermark?.text.length).toBe(60);
  });

  it('encodes again only for WebM, a watermark or a smaller quality', () => {
    const base = { format: 'mp4', quality: 'high', watermark: null } as const;
    expect(needsEncode(null)).toBe(false);
    expect(needsEncode(base)).toBe(false);
    expect(needsEncode({ ...base, format: 'mov' })).toBe(false);
    expect(needsEncode({ ...base, quality: 'ultra' })).toBe(false);
    expect(needsEncode({ ...base, format: 'webm' })).toBe(true);
    expect(needsEncode({ ...base, quality: 'medium' })).toBe(true);
    expect(needsEncode({ ...base, watermark: { text: 'a', position: 'top-left' } })).toBe(true);
  });
});

describe('audio files of a generation record', () => {
  it("lists the narrator's and the characters' recordings scene by scene from the audio items", () => {
    const item = (scene: number, files: unknown, status = 'completed', timings?: string) =>
      ({
        stage: 'audio',
        scene_number: scene,
        status,
        data: { files, ...(timings ? { word_timings: timings } : {}) },
        counters: {},
      }) as unknown as StageItemRecord;
    const files = audioFilesOf([
      item(
        2,
        {
          narrator: null,
          lines: [{ key: 'k/b.wav', duration: 1.234, character: 'Bea', text: 'Hi.' }],
        },
        'completed',
        'provider',
      ),
      item(1, { narrator: { key: 'k/n.wav', duration: 3.5 }, lines: [] }),
      item(3, { narrator: { key: 'k/x.wav', duration: 1 }, lines: [] }, 'running'),
      {
        stage: 'video',
        scene_number: 1,
        status: 'completed',
        data: {},
        counters: {},
      } as unknown as StageItemRecord,
    ]);
    expect(files.narrator).toEqual([
      { url: expect.stringContaining('k/n.wav'), duration: 3.5, scene_number: 1 },
    ]);
    expect(files.characters).toEqual([
      {
        url: expect.stringContaining('k/b.wav'),
        duration: 1.23,
        scene_number: 2,
        character: 'Bea',
        text: 'Hi.',
      },
    ]);
    // How the word timings were found: the provider's, as the one scene recorded with them says.
    expect(files.word_timings).toBe('provider');
    // One scene whose timings were estimated from its audio makes the film's estimated.
    const mixed = audioFilesOf([
      item(1, { narrator: null, lines: [] }, 'completed', 'provider'),
      item(2, { narrator: null, lines: [] }, 'completed', 'aligned'),
    ]);
    expect(mixed.word_timings).toBe('aligned');
    expect(audioFilesOf([]).word_timings).toBeNull();
  });
});
