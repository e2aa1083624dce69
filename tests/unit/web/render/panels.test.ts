import { mergeMessages, retryLabel } from '@contracts/merge';
import { SUBSCRIPTION_TIERS } from '@contracts/subscriptions';
import type { ProductionScene, VideoGeneration } from '@contracts/video';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { InputList } from '../../../../web/src/features/merge/components/input-list';
import { MergeStatusPanel } from '../../../../web/src/features/merge/components/merge-status';
import type { InputItem } from '../../../../web/src/features/merge/model/files';
import type { MergeJob, MergeState } from '../../../../web/src/features/merge/model/session';
import { TierCard } from '../../../../web/src/features/subscriptions/components/tier-card';
import { PreviewTab } from '../../../../web/src/features/workspace/components/video/preview-tab';
import {
  TimelinePlaceholder,
  TimelineTab,
} from '../../../../web/src/features/workspace/components/video/timeline-tab';
import { attributes, markup, textOf } from './markup';

const noop = () => {};

const job = (over: Partial<MergeJob> = {}): MergeJob => ({
  merge_id: 'm1',
  status: 'processing',
  progress_percentage: 42.4,
  current_step: 'Joining videos',
  queue_position: 0,
  processing_method: 'stream_copy',
  output_url: null,
  error_message: null,
  retry_count: 0,
  expired: false,
  duration: null,
  file_size_bytes: null,
  expires_at: null,
  ...over,
});

const merge = (state: MergeState) =>
  markup(createElement(MergeStatusPanel, { state, onRetry: noop, onStartOver: noop, onDownload: noop }));

describe('merge status panel', () => {
  it('shows nothing while idle and a line while starting', () => {
    expect(merge({ phase: 'idle' })).toBe('');
    expect(textOf(merge({ phase: 'starting' }))).toBe('Starting the merge…');
  });

  it('a running merge: whole percent with the step in words', () => {
    const text = textOf(merge({ phase: 'running', job: job(), failures: 0 }));
    expect(text).toContain('Merging');
    expect(text).toContain('Joining videos 42%');
  });

  it('a queued merge: its place in the queue instead of a bar', () => {
    const html = merge({
      phase: 'running',
      job: job({ status: 'pending', queue_position: 3, progress_percentage: 0 }),
      failures: 0,
    });
    expect(textOf(html)).toContain('Waiting in queue');
    expect(textOf(html)).toContain(`Queue position 3 . ${mergeMessages.queued(3)}`);
    expect(html).not.toContain('role="progressbar"');
  });

  it('a lost connection: the alert and Start Over only', () => {
    const html = merge({ phase: 'lost', job: job() });
    expect(textOf(html)).toBe(`${mergeMessages.lostConnection} Start Over`);
  });

  it('a failed merge: its error, Retry with the retries used; Retry disabled at the limit', () => {
    const first = merge({ phase: 'failed', job: job({ status: 'failed', error_message: 'Codec mismatch' }) });
    expect(textOf(first)).toContain(mergeMessages.failed);
    expect(textOf(first)).toContain('Codec mismatch');
    expect(textOf(first)).toContain(retryLabel(0));
    expect(first).not.toMatch(/<button[^>]*disabled=""[^>]*>Retry Merge/);
    const spent = merge({ phase: 'failed', job: job({ status: 'failed', retry_count: 3 }) });
    expect(textOf(spent)).toContain(mergeMessages.retryLimit);
    expect(spent).toMatch(/<button[^>]*disabled=""[^>]*>Retry Merge/);
  });

  it('a cancelled merge: no Retry', () => {
    const text = textOf(merge({ phase: 'cancelled', job: job({ status: 'cancelled' }) }));
    expect(text).toContain(mergeMessages.cancelled);
    expect(text).not.toContain('Retry Merge');
  });

  it('a completed merge: the player and the facts of the result', () => {
    const html = merge({
      phase: 'completed',
      job: job({
        status: 'completed',
        output_url: '/media/merged.mp4',
        duration: 65,
        file_size_bytes: 3 * 1024 * 1024,
        expires_at: '2026-12-01T10:00:00.000Z',
      }),
    });
    expect(attributes(html, 'src')).toEqual(['/media/merged.mp4']);
    expect(textOf(html)).toContain('1:05 · 3.0 MB · available until');
    expect(textOf(html)).toContain('Download');
  });

  it('a completed merge whose result is gone says whether it expired', () => {
    const expired = merge({ phase: 'completed', job: job({ status: 'completed', expired: true }) });
    expect(textOf(expired)).toContain(mergeMessages.resultExpired);
    expect(expired).not.toContain('<video');
    const missing = merge({ phase: 'completed', job: job({ status: 'completed' }) });
    expect(textOf(missing)).toContain(mergeMessages.resultNotFound);
  });
});

describe('tier card', () => {
  const card = (
    tier: keyof typeof SUBSCRIPTION_TIERS,
    current: 'free' | 'basic' | 'pro' | null,
    period: 'monthly' | 'annual' = 'monthly',
  ) =>
    markup(
      createElement(TierCard, {
        tier: SUBSCRIPTION_TIERS[tier],
        period,
        current,
        busy: false,
        onChoose: noop,
      }),
    );

  it("lists the tier's limits and features in words", () => {
    const text = textOf(card('free', null));
    expect(text).toContain('Videos a month 2');
    expect(text).toContain('Quality 480p with watermark');
    expect(text).toContain('Book uploads 2');
    expect(text).toContain('Export formats MP4');
    expect(text).toContain('Support Community');
    expect(text).toContain('Choose Free');
  });

  it('marks the current plan and disables its button', () => {
    const html = card('basic', 'basic');
    expect(textOf(html)).toContain('Your plan');
    expect(html).toContain('ring-2');
    expect(html).toMatch(/<button[^>]*disabled/);
  });

  it('offers an upgrade from a lower tier, shows the annual saving, and says Coming soon for unsold tiers', () => {
    const basic = textOf(card('basic', 'free', 'annual'));
    expect(basic).toContain('Upgrade to Basic');
    expect(basic).toContain('Book uploads Unlimited');
    const pro = textOf(card('pro', 'basic'));
    expect(pro).toContain('Coming soon');
    expect(pro).toContain('Videos a month Unlimited');
    expect(pro).toContain('Export formats MP4, WEBM, MOV');
  });
});

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

describe('timeline tab', () => {
  const timeline = (
    scenes: ProductionScene[],
    over: { switching?: boolean; notInScript?: Set<string> } = {},
  ) =>
    markup(
      createElement(TimelineTab, {
        scenes,
        missing: [{ scene_number: 9, location: 'Harbour' }],
        notInScript: over.notInScript ?? new Set<string>(),
        selectedId: 's2',
        switching: over.switching ?? false,
        onChange: noop,
        onTransition: noop,
        onSelect: noop,
        onAdd: noop,
        onArrange: noop,
      }),
    );

  it('counts the scenes and their seconds and lists a card per scene', () => {
    const html = timeline([scene(1), scene(2, { duration: 7.5 }), scene(3)]);
    expect(textOf(html)).toContain('3 scenes · 17.5s total');
    expect(textOf(html)).toContain('Drag scenes to reorder');
    expect((html.match(/<li/g) ?? []).length).toBeGreaterThanOrEqual(3);
  });

  it('one scene: singular, no Auto-arrange', () => {
    const html = timeline([scene(1)]);
    expect(textOf(html)).toContain('1 scene · 5.0s total');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Auto-arrange/);
  });

  it('while switching scripts it says so and is busy', () => {
    const html = timeline([scene(1), scene(2)], { switching: true });
    expect(textOf(html)).toContain('Switching scripts...');
    expect(html).toContain('aria-busy="true"');
  });

  it('shows the placeholder when there is no data', () => {
    expect(textOf(markup(createElement(TimelinePlaceholder)))).toBe('No data available');
  });
});

describe('preview tab', () => {
  const finished = {
    video_url: '/media/final.mp4',
    final_video: { video_url: '/media/final.mp4', thumbnail_url: '/media/thumb.jpg' },
    scene_videos: [{ scene_number: 2, video_url: '/media/clip-2.mp4', duration: 5 }],
  } as unknown as VideoGeneration;

  it('previews the final video when no scene is chosen, with a button per scene', () => {
    const html = markup(
      createElement(PreviewTab, { scenes: [scene(1), scene(2)], selectedId: null, finished, onSelect: noop }),
    );
    expect(textOf(html)).toContain('Play edit Final video Scene 1 Scene 2');
    expect(html).toContain('/media/final.mp4');
  });

  it("previews a chosen scene's clip with its place, time and dialogue", () => {
    const html = markup(
      createElement(PreviewTab, {
        scenes: [
          scene(1),
          scene(2, {
            location: 'Harbour',
            time_of_day: 'night',
            dialogue: [{ character: 'Mara', line: 'The tide turns.' }] as ProductionScene['dialogue'],
          }),
        ],
        selectedId: 's2',
        finished,
        onSelect: noop,
      }),
    );
    const text = textOf(html);
    expect(text).toContain('Scene 2 · 5s · Harbour (night)');
    expect(text).toContain('Mara');
    expect(text).toContain('The tide turns.');
    expect(html).toContain('/media/clip-2.mp4');
  });

  it('says when a scene has no dialogue', () => {
    const html = markup(
      createElement(PreviewTab, {
        scenes: [scene(1)],
        selectedId: 's1',
        finished: undefined,
        onSelect: noop,
      }),
    );
    expect(textOf(html)).toContain('No dialogue in this scene.');
  });
});

const item = (over: Partial<InputItem>): InputItem => ({
  id: 'i1',
  name: 'intro.mp4',
  kind: 'video',
  source: 'upload',
  size: 2 * 1024 * 1024,
  status: 'completed',
  sent: 2 * 1024 * 1024,
  error: null,
  url: 'https://storage/intro.mp4',
  duration: 30,
  start_time: 0,
  volume: 1,
  ...over,
});

describe('merge input list', () => {
  const list = (items: InputItem[], locked = false) =>
    markup(createElement(InputList, { items, locked, onEdit: noop, onRetry: noop, onRemove: noop }));

  it('shows each input with its kind, state, size and length; videos start one after another', () => {
    const html = list([
      item({}),
      item({ id: 'i2', name: 'outro.mp4', duration: 12 }),
      item({ id: 'i3', name: 'music.mp3', kind: 'audio', start_time: 4.5 }),
    ]);
    const text = textOf(html);
    expect(text).toContain('intro.mp4');
    expect(text).toContain('2.0 MB · 0:30');
    expect(text).toContain('Starts at 0:30');
    expect(text).toContain('Starts at (s)');
    expect(attributes(html, 'value')).toContain('4.5');
  });

  it('an upload in progress shows its percent; a failed one its error and Retry', () => {
    const text = textOf(
      list([
        item({ status: 'uploading', sent: 1024 * 1024, url: null, duration: null }),
        item({ id: 'i2', name: 'bad.mov', status: 'failed', error: 'The upload failed.', url: null }),
      ]),
    );
    expect(text).toContain('Uploading');
    expect(text).toContain('50%');
    expect(text).toContain('The upload failed.');
    expect(text).toContain('Retry');
  });

  it('a library video says so; a locked list disables moving and removing', () => {
    const html = list([item({ source: 'library', name: 'My film' })], true);
    expect(textOf(html)).toContain('Your video');
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-label="Remove My film"|aria-label="Remove My film"[^>]*disabled=""/,
    );
  });
});
