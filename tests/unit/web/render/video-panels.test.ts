import type { PipelineStatus, VideoGeneration } from '@contracts/video';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RenderProgress } from '../../../../web/src/features/workspace/components/video/render-progress';
import { RENDER_STATE_MESSAGES } from '../../../../web/src/features/workspace/model/video';
import { attributes, markup, textOf } from './markup';

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
    execution_name: 'vgen-gen-0000-abcdefgh',
    created_at: '2026-01-01T00:00:00.000Z',
    ...over,
  }) as VideoGeneration;

const noop = () => {};
const progress = (props: {
  generation: VideoGeneration | null;
  pipeline?: PipelineStatus | null;
  starting?: boolean;
  finishedHere?: boolean;
  gaveUp?: boolean;
  notice?: string | null;
  onCheckAgain?: () => void;
}) =>
  markup(
    createElement(RenderProgress, {
      pipeline: null,
      starting: false,
      onCancel: noop,
      onRetry: noop,
      onLipSync: noop,
      ...props,
    }),
  );

describe('render progress panel', () => {
  it('before any run: ready, an empty checklist, no stages and no Cancel', () => {
    const html = progress({ generation: null });
    const text = textOf(html);
    expect(text).toContain('Ready to render');
    expect(attributes(html, 'data-done')).toEqual(['false', 'false', 'false', 'false', 'false']);
    expect(html).not.toContain('Pipeline stages');
    expect(text).not.toContain('Cancel');
  });

  it('while rendering: the percentage with the step in words, the checklist so far, Cancel and five stages', () => {
    const html = progress({ generation: generation({ progress: 40 }) });
    const text = textOf(html);
    expect(text).toContain('40% · Rendering scene 2 of 5');
    expect(text).toContain('#abcdefgh');
    expect(text).toContain('Cancel');
    expect(attributes(html, 'data-done')).toEqual(['true', 'true', 'false', 'false', 'false']);
    expect(
      attributes(html, 'aria-label').filter((l) => /: (pending|running|completed)/.test(l)),
    ).toHaveLength(5);
  });

  it("takes the pipeline's progress and stage states over the generation's", () => {
    const pipeline = {
      video_generation_id: 'gen-0000-abcdefgh',
      generation_status: 'generating_video',
      progress: 80,
      current_step: 'Merging',
      execution_name: 'vgen-gen-0000-abcdefgh',
      failed_step: null,
      retry_steps: [],
      stages: [
        {
          step: 'audio',
          state: 'Audio',
          status: 'completed',
          progress: 100,
          started_at: null,
          finished_at: null,
          duration: 1,
        },
        {
          step: 'images',
          state: 'Images',
          status: 'skipped',
          progress: 100,
          started_at: null,
          finished_at: null,
          duration: 0,
        },
      ],
    } as unknown as PipelineStatus;
    const html = progress({ generation: generation({ progress: 10 }), pipeline });
    expect(textOf(html)).toContain('80% ·');
    expect(attributes(html, 'aria-label')).toContain('Images: skipped');
    expect(attributes(html, 'data-done')).toEqual(['true', 'true', 'true', 'true', 'false']);
  });

  it('starting: processing, and no Cancel before the run has an id', () => {
    const text = textOf(progress({ generation: null, starting: true }));
    expect(text).not.toContain('Ready to render');
    expect(text).not.toContain('Cancel');
  });

  it('a failed run: the friendly words, the details, Retry from the failed stage and the steps to retry from', () => {
    const html = progress({
      generation: generation({
        generation_status: 'failed',
        failed_step: 'merge',
        error_message: 'ffmpeg exited with code 1',
      }),
      pipeline: {
        video_generation_id: 'gen-0000-abcdefgh',
        generation_status: 'failed',
        progress: 60,
        current_step: '',
        execution_name: 'vgen-gen-0000-abcdefgh',
        failed_step: 'merge',
        retry_steps: ['audio', 'images'],
        stages: [],
      } as unknown as PipelineStatus,
    });
    const text = textOf(html);
    expect(html).toContain('role="alert"');
    expect(text).toContain(RENDER_STATE_MESSAGES.error);
    expect(text).toContain('Details: ffmpeg exited with code 1');
    expect(text).toMatch(/Retry from Merg/);
    // Only the steps the server allows are offered.
    expect(attributes(html, 'value').filter(Boolean)).toEqual(['audio', 'images']);
    expect(text).not.toContain('Cancel');
  });

  it('a failed run with no step and no message: a plain Retry and every step offered', () => {
    const html = progress({ generation: generation({ generation_status: 'failed' }) });
    expect(textOf(html)).toMatch(/Retry Retry from…/);
    expect(attributes(html, 'value').filter(Boolean)).toEqual([
      'audio',
      'images',
      'video',
      'merge',
      'lipsync',
    ]);
  });

  const completed = generation({
    generation_status: 'completed',
    progress: 100,
    video_url: '/media/final.mp4',
    final_video: { video_url: '/media/final.mp4' } as VideoGeneration['final_video'],
  });

  it('completed while watched: the success message and Redo lip-sync', () => {
    const html = progress({ generation: completed, finishedHere: true });
    const text = textOf(html);
    expect(text).toContain(RENDER_STATE_MESSAGES.completed);
    expect(text).toContain('Redo lip-sync');
    expect(html).toContain('role="status"');
    expect(attributes(html, 'data-done')).toEqual(['true', 'true', 'true', 'true', 'true']);
  });

  it('a generation that had completed before the tab was opened is shown without the success message', () => {
    const html = progress({ generation: completed });
    const text = textOf(html);
    expect(text).toContain('Completed');
    expect(text).toContain('Redo lip-sync');
    expect(text).not.toContain(RENDER_STATE_MESSAGES.completed);
  });

  it("a generation run again shows its own queued state, never the last run's completed stages and 100 %", () => {
    const lastRun = {
      video_generation_id: 'gen-0000-abcdefgh',
      generation_status: 'completed',
      progress: 100,
      current_step: 'Completed',
      execution_name: 'vgen-gen-0000-abcdefgh',
      failed_step: null,
      retry_steps: [],
      stages: ['audio', 'images', 'video', 'merge', 'lipsync'].map((step) => ({
        step,
        state: step,
        status: 'completed',
        progress: 100,
        started_at: null,
        finished_at: null,
        duration: 1,
      })),
    } as unknown as PipelineStatus;
    const rerun = generation({
      generation_status: 'pending',
      task_status: 'queued',
      progress: 0,
      current_step: 'Queued',
      attempt: 2,
      execution_name: 'vgen-gen-0000-abcdefgh-2',
    });
    const html = progress({ generation: rerun, pipeline: lastRun });
    const text = textOf(html);
    expect(text).toContain('Processing');
    expect(text).toContain('0% · Queued');
    expect(text).not.toContain('100% ·');
    expect(attributes(html, 'aria-label').filter((l) => l.endsWith(': completed'))).toEqual([]);
  });

  it('polling gave up: the timeout message with what polling said, and Check again', () => {
    const text = textOf(
      progress({
        generation: null,
        gaveUp: true,
        notice: 'No generation data available',
        onCheckAgain: noop,
      }),
    );
    expect(text).toContain(`${RENDER_STATE_MESSAGES.timeout} (No generation data available)`);
    expect(text).toContain('Check again');
  });

  it('shows a notice on its own while not timed out', () => {
    const html = progress({ generation: generation(), notice: 'Reconnecting…' });
    expect(html).toContain('data-testid="render-notice"');
    expect(textOf(html)).toContain('Reconnecting…');
  });
});
