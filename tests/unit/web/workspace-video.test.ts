import type { PipelineStatus, ProductionScene, VideoGeneration } from '@contracts/video';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../web/src/lib/api-client';
import {
  addScriptScene,
  autoArrange,
  canCancel,
  downloadErrorText,
  TranscodeFailed,
  editCounter,
  editSequence,
  EVERY_SCENE_ON_TIMELINE,
  historyReloadDelay,
  maxTransition,
  missingScriptScenes,
  otherScriptNotice,
  otherScriptOfProduction,
  parseTransitionDuration,
  pollingInfo,
  RENDER_STATE_MESSAGES,
  renderedFacts,
  scenesNotInScript,
  scriptSceneLabel,
  setSceneTransition,
  shotDone,
  startedText,
  timelineForSave,
  transitionAt,
  transitionText,
  checklist,
  dialoguePreview,
  failureTitle,
  friendlyFailure,
  generationFollowDelay,
  generationPollDelay,
  latestFinished,
  megabytes,
  moveScene,
  parseDuration,
  removeScene,
  renderState,
  reorderScenes,
  retryAfterPollError,
  sceneClipOf,
  setSceneDuration,
  shortId,
  stageViews,
  stepVolume,
  totalDuration,
  UNEXPECTED_ERROR,
  videoStage,
} from '../../../web/src/features/workspace/model/video';

const scene = (n: number, over: Partial<ProductionScene> = {}): ProductionScene => ({
  id: `s${n}`,
  sceneNumber: n,
  duration: 5,
  status: 'pending',
  imageUrl: null,
  thumbnailUrl: null,
  video_url: null,
  transitions: [],
  audioFiles: [],
  characters: [],
  location: '',
  time_of_day: '',
  dialogue: [],
  ...over,
});

const generation = (over: Partial<VideoGeneration> = {}): VideoGeneration =>
  ({
    id: 'gen-0000-abcdefgh',
    video_generation_id: 'gen-0000-abcdefgh',
    generation_status: 'generating_video',
    error_message: null,
    failed_step: null,
    progress: 40,
    current_step: 'Rendering scene 2 of 5',
    video_url: null,
    final_video: null,
    scene_videos: [],
    audio_progress: { narrator_files: 3, character_files: 2, sound_effects: 1, background_music: 1 },
    image_progress: {
      total_characters: 2,
      characters_completed: 2,
      total_scenes: 5,
      scenes_completed: 5,
      total_images_generated: 7,
      success_rate: 100,
    },
    video_progress: {
      total_scenes: 5,
      scenes_completed: 2,
      total_videos_generated: 2,
      successful_videos: 2,
      failed_videos: 0,
      success_rate: 100,
    },
    merge_progress: {
      total_scenes_merged: 0,
      total_duration: 0,
      audio_tracks_mixed: 0,
      file_size_mb: 0,
      processing_time: 0,
      sync_accuracy: 'unknown',
    },
    lipsync_progress: {
      characters_lip_synced: 0,
      scenes_processed: 0,
      processing_method: 'unknown',
      total_scenes_processed: 0,
      scenes_with_lipsync: 0,
    },
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  }) as VideoGeneration;

describe('generation polling', () => {
  it('waits 3 s while pending, 2 s while processing, 2.5 s for any other running status', () => {
    expect(generationPollDelay('pending')).toBe(3000);
    expect(generationPollDelay('processing')).toBe(2000);
    for (const status of [
      'generating_audio',
      'images_completed',
      'merging_audio',
      'applying_lipsync',
      'combining',
    ])
      expect(generationPollDelay(status)).toBe(2500);
  });

  it('stops on completed, failed, cancelled, lipsync_failed, a missing or an unknown status', () => {
    for (const status of [
      'completed',
      'success',
      'failed',
      'error',
      'cancelled',
      'lipsync_failed',
      null,
      'weird',
    ])
      expect(generationPollDelay(status)).toBeNull();
  });

  it('keeps following a run whose job is queued or running, whatever status it reads', () => {
    for (const task_status of ['queued', 'running'])
      for (const generation_status of ['failed', 'completed', 'cancelled'] as const)
        expect(generationFollowDelay({ generation_status, task_status })).toBe(2500);
    expect(generationFollowDelay({ generation_status: 'pending', task_status: 'queued' })).toBe(3000);
  });

  it('stops following once the job ended, as its status says', () => {
    expect(generationFollowDelay({ generation_status: 'failed', task_status: 'failed' })).toBeNull();
    expect(generationFollowDelay({ generation_status: 'completed', task_status: 'ready' })).toBeNull();
    expect(generationFollowDelay({ generation_status: 'cancelled', task_status: 'cancelled' })).toBeNull();
  });

  it('retries a failed check 5 times, then gives up', () => {
    expect([1, 2, 3, 4, 5].every(retryAfterPollError)).toBe(true);
    expect(retryAfterPollError(6)).toBe(false);
  });
});

describe('failure messages', () => {
  it('maps error text to friendly words first', () => {
    expect(friendlyFailure('generation_failed: model error')).toBe(
      'The AI service was unable to create the video.',
    );
    expect(friendlyFailure('Stage timed out after 600 s', 'video')).toMatch(/took too long/);
    expect(friendlyFailure('retrieval_failed')).toMatch(/alternative methods/);
    expect(friendlyFailure('Polling reached max attempts')).toMatch(/keeps trying in the background/);
    expect(friendlyFailure('No valid scene videos to merge')).toMatch(/no valid scene videos/);
    expect(friendlyFailure('Audio merge failed: ffmpeg exited 1')).toMatch(/try again or contact support/);
    expect(friendlyFailure('Blocked by the safety checker')).toMatch(/safety filters/);
    expect(friendlyFailure('Service Unavailable (503)')).toMatch(/try again in a moment/);
    expect(friendlyFailure('Network connection reset')).toMatch(/check your internet/);
  });

  it('falls back on the step it failed in, by pipeline step or spec step name', () => {
    expect(friendlyFailure('ffmpeg exited with code 1', 'merge')).toBe(
      'Merging the scene videos with their audio failed.',
    );
    expect(friendlyFailure(null, 'video')).toBe('Rendering the scene videos failed.');
    expect(friendlyFailure('', 'lip_sync')).toBe('Applying lip-sync failed.');
    expect(friendlyFailure('x', 'publishing')).toBe('Failed during publishing');
  });

  it('otherwise the raw message without bracketed tags, or the generic words', () => {
    expect(friendlyFailure('[RenderSceneVideos] [E42] Scene 3 has no picture')).toBe(
      'Scene 3 has no picture',
    );
    expect(friendlyFailure('[tag]')).toBe(UNEXPECTED_ERROR);
    expect(friendlyFailure(null)).toBe(UNEXPECTED_ERROR);
  });

  it('titles the failure toast with the last 8 characters of the id', () => {
    expect(failureTitle('0f1e2d3c-aaaa-bbbb-cccc-1234abcd5678')).toBe('Video Generation Failed (abcd5678)');
  });
});

describe('render progress panel', () => {
  it('checks the list off above 0, 25, 50, 75 and at 100', () => {
    const done = (p: number) =>
      checklist(p)
        .filter((c) => c.done)
        .map((c) => c.label);
    expect(done(0)).toEqual([]);
    expect(done(1)).toEqual(['Initializing']);
    expect(done(25)).toEqual(['Initializing']);
    expect(done(26)).toEqual(['Initializing', 'Processing Scenes']);
    expect(done(51)).toHaveLength(3);
    expect(done(75)).toHaveLength(3);
    expect(done(76)).toEqual(['Initializing', 'Processing Scenes', 'Applying Transitions', 'Adding Audio']);
    expect(done(99.9)).toHaveLength(4);
    expect(done(100)).toHaveLength(5);
  });

  it('shows processing while starting or queued, rendering while running, then completed or error', () => {
    expect(renderState(null)).toBe('ready');
    expect(renderState(null, true)).toBe('processing');
    expect(renderState({ generation_status: 'pending' })).toBe('processing');
    expect(renderState({ generation_status: 'merging_audio' })).toBe('rendering');
    expect(renderState({ generation_status: 'completed', video_url: '/v.mp4', final_video: null })).toBe(
      'completed',
    );
    expect(renderState({ generation_status: 'failed' })).toBe('error');
    expect(renderState({ generation_status: 'cancelled' })).toBe('ready');
  });

  it("has the studio's terminal kinds: completed without a URL, and timeout when polling gave up", () => {
    expect(renderState({ generation_status: 'completed', video_url: null, final_video: null })).toBe(
      'completed_no_download',
    );
    expect(RENDER_STATE_MESSAGES.completed_no_download).toBe('Video completed but no downloadable URL found');
    expect(renderState({ generation_status: 'generating_video' } as never, false, true)).toBe('timeout');
    expect(renderState(null, false, true)).toBe('timeout');
    expect(RENDER_STATE_MESSAGES.timeout).toBe('Video generation timed out');
    expect(RENDER_STATE_MESSAGES.error).toBe(
      'An error occurred during rendering. Please check your settings and try again.',
    );
    // A failed run stays an error even when polling gave up afterwards.
    expect(renderState({ generation_status: 'failed' } as never, false, true)).toBe('error');
  });

  it('offers Cancel only while rendering', () => {
    expect(canCancel(renderState({ generation_status: 'merging_audio' }))).toBe(true);
    expect(canCancel(renderState({ generation_status: 'pending' }))).toBe(false);
    expect(canCancel(renderState(null, true))).toBe(false);
    expect(canCancel(renderState({ generation_status: 'completed', video_url: '/v' }))).toBe(false);
  });

  it('shows each stage from the status when the pipeline status did not answer', () => {
    const stages = stageViews(generation(), null);
    expect(stages.map((s) => [s.step, s.status])).toEqual([
      ['audio', 'completed'],
      ['images', 'completed'],
      ['video', 'running'],
      ['merge', 'pending'],
      ['lipsync', 'pending'],
    ]);
    expect(stages[2]!.detail).toBe('2/5 scenes · 2 ok · 0 failed');
    expect(stages[3]!.detail).toContain('sync accuracy unknown');
    const failed = stageViews(generation({ generation_status: 'failed', failed_step: 'merge' }), null);
    expect(failed.map((s) => s.status)).toEqual(['completed', 'completed', 'completed', 'failed', 'pending']);
  });

  it('prefers the pipeline status of each stage, and reads missing counters as 0', () => {
    const pipeline = {
      stages: [{ step: 'merge', status: 'running', progress: 60 }],
    } as unknown as PipelineStatus;
    const g = generation({ merge_progress: { sync_accuracy: 87.5 } as VideoGeneration['merge_progress'] });
    const merge = stageViews(g, pipeline).find((s) => s.step === 'merge')!;
    expect(merge).toMatchObject({ status: 'running', progress: 60 });
    expect(merge.detail).toBe('0 scenes · 0.0 s · 0 tracks · 0.0 MB · sync accuracy 87.5%');
  });
});

describe('the chapter video stage', () => {
  it('is generating while the newest runs, error when it failed, completed with a finished film', () => {
    const done = generation({
      generation_status: 'completed',
      final_video: { video_url: '/media/v.mp4' } as VideoGeneration['final_video'],
    });
    expect(videoStage(undefined)).toBe('idle');
    expect(videoStage([])).toBe('idle');
    expect(videoStage([generation(), done])).toBe('generating');
    expect(videoStage([generation({ generation_status: 'failed' }), done])).toBe('error');
    expect(videoStage([done])).toBe('completed');
    expect(videoStage([generation({ generation_status: 'cancelled' })])).toBe('idle');
    expect(latestFinished([generation({ generation_status: 'failed' }), done])).toBe(done);
  });
});

describe('timeline edits', () => {
  const three = [scene(1), scene(2), scene(3)];

  it('reorders by drag (scene numbers stay) and by one place with the keyboard', () => {
    expect(reorderScenes(three, 's1', 's3').map((s) => s.id)).toEqual(['s2', 's3', 's1']);
    expect(reorderScenes(three, 's3', 's1').map((s) => s.sceneNumber)).toEqual([3, 1, 2]);
    expect(reorderScenes(three, 's1', 'nope')).toEqual(three);
    expect(moveScene(three, 's2', -1).map((s) => s.id)).toEqual(['s2', 's1', 's3']);
    expect(moveScene(three, 's3', 1)).toEqual(three);
  });

  it('auto-arranges by scene number', () => {
    expect(autoArrange([scene(3), scene(1), scene(2)]).map((s) => s.sceneNumber)).toEqual([1, 2, 3]);
  });

  it('takes a duration greater than 0 on the 0.1 step and ignores anything else', () => {
    expect(parseDuration('2.5')).toBe(2.5);
    expect(parseDuration('0.1')).toBe(0.1);
    expect(parseDuration('3.14')).toBe(3.1);
    for (const bad of ['0', '-1', '', 'abc', '0.04', '601', 'Infinity'])
      expect(parseDuration(bad)).toBeNull();
    expect(setSceneDuration(three, 's2', '7.5')[1]!.duration).toBe(7.5);
    expect(setSceneDuration(three, 's2', '-2')).toEqual(three);
  });

  it('offers the script scenes missing from the timeline, and puts one back at the end with 5 s and a 0.5 s fade', () => {
    const script = [
      { scene_number: 3, location: 'Harbour', time_of_day: 'NIGHT', characters: ['Nell'], dialogue: [] },
      { scene_number: 1, location: 'Study', time_of_day: 'DAY' },
      { scene_number: 2, location: '' },
    ];
    expect(missingScriptScenes([scene(1)], script).map((s) => s.scene_number)).toEqual([2, 3]);
    expect(missingScriptScenes([scene(1), scene(2), scene(3)], script)).toEqual([]);
    expect(scriptSceneLabel(script[0]!)).toBe('Scene 3 — Harbour (night)');
    expect(scriptSceneLabel(script[2]!)).toBe('Scene 2');
    expect(EVERY_SCENE_ON_TIMELINE).toBe('Every scene of the script is on the timeline');

    const media = {
      imageUrl: '/media/3.png',
      audioFiles: [{ id: 'a', url: '/a.wav', name: 'Nell', duration: 2 }],
    };
    const next = addScriptScene([scene(1), scene(2)], script[0]!, media)!;
    expect(next).toHaveLength(3);
    expect(next[2]).toMatchObject({
      id: 'scene-3',
      sceneNumber: 3,
      duration: 5,
      status: 'completed',
      imageUrl: '/media/3.png',
      transitions: [{ type: 'fade', duration: 0.5 }],
      characters: ['Nell'],
      location: 'Harbour',
      audioFiles: media.audioFiles,
    });
    // First on an empty timeline: no transition; no picture yet: pending.
    expect(addScriptScene([], script[1]!)![0]).toMatchObject({
      sceneNumber: 1,
      status: 'pending',
      transitions: [{ type: 'none', duration: 0 }],
    });
    // A scene already on the timeline is not added twice; an id in use gets a suffix.
    expect(addScriptScene([scene(3)], script[0]!)).toBeNull();
    expect(addScriptScene([scene(1, { id: 'scene-3' })], script[0]!)![1]!.id).toBe('scene-3-2');
    const full = Array.from({ length: 60 }, (_, i) => scene(i + 10));
    expect(addScriptScene(full, script[0]!)).toBeNull();
  });

  it('edits the transition into a scene: the first has none, a length > 0 up to 2 s and the scene', () => {
    const timeline = [
      scene(1, { transitions: [{ type: 'fade', duration: 1 }] }),
      scene(2, { transitions: [] }),
      scene(3, { duration: 1.5, transitions: [{ type: 'fadeblack', duration: 1 }] }),
    ];
    expect(transitionAt(timeline, 0)).toEqual({ type: 'none', duration: 0 });
    expect(transitionAt(timeline, 1)).toEqual({ type: 'fade', duration: 0.5 });
    expect(transitionAt(timeline, 2)).toEqual({ type: 'fadeblack', duration: 1 });

    expect(maxTransition(5)).toBe(2);
    expect(maxTransition(1.5)).toBe(1.5);
    expect(parseTransitionDuration('0.8', 5)).toBe(0.8);
    expect(parseTransitionDuration('2', 5)).toBe(2);
    for (const bad of ['0', '-1', '', 'x', '2.1']) expect(parseTransitionDuration(bad, 5)).toBeNull();
    expect(parseTransitionDuration('1.6', 1.5)).toBeNull();

    const white = setSceneTransition(timeline, 's2', { type: 'fadewhite' });
    expect(white[1]!.transitions).toEqual([{ type: 'fadewhite', duration: 0.5 }]);
    expect(setSceneTransition(white, 's2', { duration: '1.2' })[1]!.transitions).toEqual([
      { type: 'fadewhite', duration: 1.2 },
    ]);
    expect(setSceneTransition(white, 's2', { duration: '3' })).toEqual(white);
    expect(setSceneTransition(white, 's2', { type: 'none' })[1]!.transitions).toEqual([
      { type: 'none', duration: 0 },
    ]);
    // The first scene cannot take one.
    expect(setSceneTransition(timeline, 's1', { type: 'fade' })).toEqual(timeline);
    // A type chosen on a short scene takes at most its length.
    const short = [scene(1), scene(2, { duration: 0.3, transitions: [{ type: 'none', duration: 0 }] })];
    expect(setSceneTransition(short, 's2', { type: 'fade' })[1]!.transitions).toEqual([
      { type: 'fade', duration: 0.3 },
    ]);
  });

  it('keeps no card without a scene of the script behind it', () => {
    const timeline = [scene(1), scene(7), scene(2)];
    const script = [{ scene_number: 1 }, { scene_number: 2 }];
    expect([...scenesNotInScript(timeline, script)]).toEqual(['s7']);
    expect(scenesNotInScript(timeline, undefined).size).toBe(0);
    expect(timelineForSave(timeline, script).map((s) => s.sceneNumber)).toEqual([1, 2]);
    expect(timelineForSave(timeline).map((s) => s.sceneNumber)).toEqual([1, 7, 2]);
  });

  it('saves every transition as it will be filmed: none for the first after a reorder', () => {
    const moved = reorderScenes(
      [
        scene(1, { transitions: [] }),
        scene(2, { transitions: [{ type: 'fadeblack', duration: 1 }] }),
        scene(3, { duration: 0.5, transitions: [{ type: 'fade', duration: 1.5 }] }),
      ],
      's2',
      's1',
    );
    expect(timelineForSave(moved).map((s) => s.transitions)).toEqual([
      [{ type: 'none', duration: 0 }],
      [{ type: 'fade', duration: 0.5 }],
      [{ type: 'fade', duration: 0.5 }],
    ]);
  });

  it('removes a scene and sums the timeline to one decimal', () => {
    expect(removeScene(three, 's2').map((s) => s.id)).toEqual(['s1', 's3']);
    expect(totalDuration([scene(1, { duration: 2.25 }), scene(2, { duration: 0.1 })])).toBe('2.4');
    expect(totalDuration([])).toBe('0.0');
  });
});

describe('polling and toasts', () => {
  it('reports max_attempts 24, fallback after attempt 12, and gives up at 24', () => {
    expect(pollingInfo(1)).toEqual({ attempt: 1, max_attempts: 24, fallback: false, exhausted: false });
    expect(pollingInfo(12).fallback).toBe(false);
    expect(pollingInfo(13).fallback).toBe(true);
    expect(pollingInfo(23).exhausted).toBe(false);
    expect(pollingInfo(24).exhausted).toBe(true);
  });

  it('reloads the history 1000 ms after a failure seen while polling, 500 ms otherwise', () => {
    expect(historyReloadDelay(true)).toBe(1000);
    expect(historyReloadDelay(false)).toBe(500);
  });

  it('says "started" once in the start toast', () => {
    expect(
      startedText('Video generation started. Audio, images, scene videos, merge and lip-sync will follow.'),
    ).toBe('Video generation started! Audio, images, scene videos, merge and lip-sync will follow.');
    expect(startedText('Queued behind 2 runs.')).toBe('Video generation started! Queued behind 2 runs.');
    expect(startedText('')).toBe('Video generation started!');
    expect(startedText(undefined)).toBe('Video generation started!');
  });
});

describe('download messages', () => {
  it("shows the server's words for a refused download, and the spec's for the rest", () => {
    expect(downloadErrorText(new ApiError('File is too large to download', 400))).toBe(
      'File is too large to download',
    );
    expect(downloadErrorText(new ApiError('Payload Too Large', 413))).toBe('File is too large to download');
    expect(downloadErrorText(new ApiError('Not found', 404))).toBe('No video available for download');
    expect(downloadErrorText(new ApiError('boom', 500))).toBe('Failed to download video');
    expect(downloadErrorText(new TranscodeFailed('The 4K file could not be made.'))).toBe(
      'The 4K file could not be made.',
    );
    expect(downloadErrorText(new TypeError('fetch failed'))).toBe('Failed to download video');
  });
});

describe('production per script and the Rendered Video card', () => {
  it('names the other script a saved timeline was made from', () => {
    const production = { script_id: 'abcdef12-3456', scenes: [scene(1)] };
    expect(otherScriptOfProduction(production, 'abcdef12-3456')).toBeNull();
    expect(otherScriptOfProduction(production, 'other')).toBe('abcdef12-3456');
    expect(otherScriptOfProduction({ script_id: 'abcdef12-3456', scenes: [] }, 'other')).toBeNull();
    expect(otherScriptOfProduction({ script_id: null, scenes: [scene(1)] }, 'other')).toBeNull();
    expect(otherScriptOfProduction(undefined, 'other')).toBeNull();
    expect(otherScriptNotice('abcdef12-3456')).toBe(
      'This timeline was made from script abcdef12; initialise scenes from the selected script to replace it',
    );
  });

  it("shows the production's metadata for its generation's film, else the generation's own", () => {
    const g = generation({
      final_video: {
        video_url: '/f.mp4',
        thumbnail_url: null,
        subtitles_url: null,
        download_qualities: ['web', 'medium'],
        duration: 12.34,
        resolution: '1280x720',
        format: 'mp4',
        file_size_bytes: 2 * 1024 * 1024,
        video_codec: 'h264',
        audio_codec: 'aac',
      },
    });
    expect(renderedFacts(g)).toEqual({
      duration: '12.3s',
      resolution: '1280x720',
      format: 'MP4',
      size: '2.0 MB',
    });
    const production = {
      video_generation_id: g.video_generation_id,
      metadata: { fileSize: 3 * 1024 * 1024, duration: 12.3, resolution: '3840x2160', format: 'webm' },
    };
    expect(renderedFacts(g, production)).toEqual({
      duration: '12.3s',
      resolution: '3840x2160',
      format: 'WEBM',
      size: '3.0 MB',
    });
    expect(renderedFacts(g, { ...production, video_generation_id: 'another' }).format).toBe('MP4');
  });
});

describe('preview', () => {
  it('plays the edit in timeline order: clips where rendered, else pictures for the scene length', () => {
    const timeline = [
      scene(2, { imageUrl: '/2.png', duration: 3 }),
      scene(1, { imageUrl: '/1.png', video_url: '/own-1.mp4', transitions: [{ type: 'fade', duration: 1 }] }),
      scene(3, {
        imageUrl: null,
        thumbnailUrl: '/3-thumb.png',
        transitions: [{ type: 'fadewhite', duration: 0.5 }],
      }),
    ];
    const g = generation({ scene_videos: [{ scene_number: 2, video_url: '/clip-2.mp4', duration: 3 }] });
    const shots = editSequence(timeline, g);
    expect(shots.map((s) => [s.sceneNumber, s.clip, s.image, s.duration, s.transition.type])).toEqual([
      [2, '/clip-2.mp4', '/2.png', 3, 'none'],
      [1, '/own-1.mp4', '/1.png', 5, 'fade'],
      [3, null, '/3-thumb.png', 5, 'fadewhite'],
    ]);
    expect(editCounter(1, shots)).toBe('Scene 2 of 3 · #1');
    expect(transitionText(shots[0]!.transition)).toBe('cut');
    expect(transitionText(shots[1]!.transition)).toBe('fade 1s');
    expect(shotDone(shots[2]!, 4.9)).toBe(false);
    expect(shotDone(shots[2]!, 5)).toBe(true);
    expect(shotDone(shots[2]!, 1, true)).toBe(true);
  });

  it('shows 2 dialogue lines cut at 60 characters and counts the rest', () => {
    const long = 'x'.repeat(80);
    const { lines, more } = dialoguePreview([
      { character: 'Nell', line: long },
      { character: '', line: 'Short.' },
      { character: 'Crane', line: 'Third.' },
      { character: 'Tobias', line: 'Fourth.' },
    ]);
    expect(lines[0]).toBe(`Nell: ${'x'.repeat(54)}…`);
    expect(lines[1]).toBe('Short.');
    expect(more).toBe('+2 more dialogue lines...');
    expect(dialoguePreview([{ character: 'A', line: 'b' }]).more).toBeNull();
  });

  it("plays the scene's clip of a generation, steps the volume by 0.1 within 0–1", () => {
    const g = generation({ scene_videos: [{ scene_number: 2, video_url: '/media/2.mp4', duration: 5 }] });
    expect(sceneClipOf(g, 2)).toBe('/media/2.mp4');
    expect(sceneClipOf(g, 3)).toBeNull();
    expect(stepVolume(0.75, 1)).toBe(0.9);
    expect(stepVolume(1, 1)).toBe(1);
    expect(stepVolume(0.05, -1)).toBe(0);
  });

  it('formats sizes and ids', () => {
    expect(megabytes(5 * 1024 * 1024 + 100_000)).toBe('5.1');
    expect(shortId('0f1e2d3c-aaaa')).toBe('0f1e2d3c');
  });
});
