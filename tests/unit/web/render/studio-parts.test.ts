import './window';
import { usageBar, type Usage, type UserBookCount } from '@contracts/subscriptions';
import type { VideoGeneration } from '@contracts/video';
import { createElement, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UsageMeter } from '../../../../web/src/components/subscription/usage-meter';
import { MethodStep } from '../../../../web/src/features/books/components/upload-wizard/method-step';
import { ModeStep } from '../../../../web/src/features/books/components/upload-wizard/mode-step';
import type { MethodChoice } from '../../../../web/src/features/books/components/upload-wizard/state';
import { UploadPaywall } from '../../../../web/src/features/books/components/upload-wizard/upload-paywall';
import { DropZone } from '../../../../web/src/features/merge/components/drop-zone';
import { EditPlayer } from '../../../../web/src/features/workspace/components/video/edit-player';
import { RenderedVideoCard } from '../../../../web/src/features/workspace/components/video/rendered-video-card';
import { VideoPlayer } from '../../../../web/src/features/workspace/components/video/video-player';
import type { EditShot } from '../../../../web/src/features/workspace/model/video';
import { attributes, markup, textOf } from './markup';

const noop = () => {};
const inRouter = (element: ReactElement) => markup(createElement(MemoryRouter, null, element));

describe('upload wizard steps', () => {
  const choice = (over: Partial<MethodChoice>): MethodChoice => ({
    method: 'file',
    file: null,
    text: '',
    title: '',
    description: '',
    ...over,
  });

  it('the file method offers the drop zone and the accepted formats', () => {
    const text = textOf(
      markup(createElement(MethodStep, { choice: choice({}), error: null, dispatch: noop })),
    );
    expect(text).toContain('PDF, DOCX, EPUB or TXT, up to 10 MB');
    expect(text).toContain('Drag a book here, or Choose a file');
    expect(text).not.toContain('Book text');
  });

  it('the text method counts the characters and shows the error', () => {
    const html = markup(
      createElement(MethodStep, {
        choice: choice({ method: 'text', text: 'Once upon' }),
        error: 'Too short',
        dispatch: noop,
      }),
    );
    const text = textOf(html);
    expect(text).toContain('Book text Once upon 9 characters.');
    expect(text).toContain('Too short');
    expect(text).not.toContain('Drag a book here');
  });

  it('the mode step shows the upload progress and locks Back while uploading', () => {
    const html = markup(
      createElement(ModeStep, {
        bookType: 'learning',
        uploading: true,
        uploadProgress: 0.4,
        dispatch: noop,
        onUpload: noop,
      }),
    );
    expect(textOf(html)).toContain('Uploading… 40%');
    expect(html).toMatch(/aria-checked="true"[^>]*>.*Learning/);
    const idle = textOf(
      markup(
        createElement(ModeStep, {
          bookType: 'entertainment',
          uploading: false,
          uploadProgress: null,
          dispatch: noop,
          onUpload: noop,
        }),
      ),
    );
    expect(idle).not.toContain('Uploading');
  });

  it('the paywall names the price and what the free plan includes', () => {
    const count: UserBookCount = {
      book_count: 2,
      tier: 'free',
      book_upload_limit: 2,
      requires_payment: true,
      paid_book_ids: [],
      upload_price: 4.99,
      currency: 'usd',
    } as UserBookCount;
    const text = textOf(
      inRouter(
        createElement(UploadPaywall, { open: true, count, paying: false, onPay: noop, onClose: noop }),
      ),
    );
    expect(text).toContain('$4.99');
    expect(text).toContain('The free plan includes 2 books and you have 2.');
  });
});

describe('video players', () => {
  const shots: EditShot[] = [
    {
      sceneId: 's1',
      sceneNumber: 1,
      clip: null,
      image: '/i1.png',
      duration: 3,
      transition: { type: 'fade', duration: 1 },
    },
    {
      sceneId: 's2',
      sceneNumber: 2,
      clip: '/c2.mp4',
      image: null,
      duration: 4,
      transition: { type: 'none', duration: 0 },
    },
  ] as EditShot[];

  it('the edit player starts on the first shot: its picture, its place in the edit and its transition', () => {
    const html = markup(createElement(EditPlayer, { shots }));
    const text = textOf(html);
    expect(text).toContain('Picture · 3s');
    expect(text).toContain('Scene 1 of 2');
    expect(text).toContain('Transition: fade 1s');
    expect(attributes(html, 'src')).toContain('/i1.png');
    expect(textOf(markup(createElement(EditPlayer, { shots: [] })))).toBe('The timeline has no scenes.');
  });

  it('the video player plays its source, or says there is none and shows the picture instead', () => {
    const html = markup(createElement(VideoPlayer, { src: '/v.mp4', label: 'Final', poster: '/p.jpg' }));
    expect(attributes(html, 'src')).toContain('/v.mp4');
    expect(attributes(html, 'poster')).toContain('/p.jpg');
    expect(textOf(html)).toContain('0:00 / 0:00');
    const none = markup(createElement(VideoPlayer, { src: null, label: 'Final', fallbackImage: '/f.png' }));
    expect(textOf(none)).toContain('No video for this scene yet');
    expect(attributes(none, 'src')).toEqual(['/f.png']);
  });

  it("the rendered video card lists the film's facts", () => {
    const generation = {
      id: 'g-1-aaaaaaaa',
      video_generation_id: 'g-1-aaaaaaaa',
      generation_status: 'completed',
      video_url: '/f.mp4',
      final_video: {
        video_url: '/f.mp4',
        duration: 65,
        file_size_bytes: 3 * 1024 * 1024,
        resolution: '1280x720',
        format: 'mp4',
      },
      created_at: '2026-01-02T10:00:00Z',
    } as unknown as VideoGeneration;
    const text = textOf(
      markup(createElement(RenderedVideoCard, { generation, busy: false, onReprocess: noop })),
    );
    expect(text).toContain('Duration 65.0s');
    expect(text).toContain('Resolution 1280x720');
    expect(text).toContain('Format MP4');
    expect(text).toContain('Size 3.0 MB');
  });
});

describe('usage meter and merge drop zone', () => {
  const usage = (used: number, limit: number) =>
    ({
      current_period_videos: used,
      period_limit: limit,
      remaining_videos: limit < 0 ? -1 : limit - used,
      period_end: '2026-12-01T00:00:00.000Z',
      usage: usageBar(used, limit),
    }) as Usage;

  it('shows used of limit with a bar, or unlimited without one', () => {
    const near = markup(createElement(UsageMeter, { usage: usage(17, 20) }));
    expect(textOf(near)).toContain('17 of 20 videos used this month');
    expect(near).toContain('data-usage-level="approaching"');
    expect(near).toContain('role="progressbar"');
    expect(textOf(near)).toContain('3 videos left');
    const unlimited = markup(createElement(UsageMeter, { usage: usage(3, -1) }));
    expect(textOf(unlimited)).toContain('3 of unlimited videos used this month');
    expect(unlimited).not.toContain('role="progressbar"');
  });

  it('lists the rejected files with their reasons', () => {
    const text = textOf(
      markup(
        createElement(DropZone, {
          onFiles: noop,
          disabled: false,
          rejected: [{ name: 'a.txt', reason: 'Not a video or audio file' }],
          onDismiss: noop,
        }),
      ),
    );
    expect(text).toContain('Up to 10 files, 500 MB each');
    expect(text).toContain('Some files were rejected');
    expect(text).toContain('a.txt : Not a video or audio file');
  });
});
