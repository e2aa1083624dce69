import './window';
import type { BookStatusResponse } from '@contracts/books';
import { MERGE_LIMITS } from '@contracts/merge';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ProcessingStep } from '../../../../web/src/features/books/components/upload-wizard/processing-step';
import { ReviewStep } from '../../../../web/src/features/books/components/upload-wizard/review-step';
import { PreviewPanel } from '../../../../web/src/features/merge/components/preview-panel';
import { YourVideos } from '../../../../web/src/features/merge/components/your-videos';
import type { InputItem } from '../../../../web/src/features/merge/model/files';
import { BillingToggle } from '../../../../web/src/features/subscriptions/components/billing-toggle';
import { Faq } from '../../../../web/src/features/subscriptions/components/faq';
import { WorkspaceTabs } from '../../../../web/src/features/workspace/components/workspace-tabs';
import { attributes, markup, textOf } from './markup';

const noop = () => {};

describe('book processing step', () => {
  const step = (status: BookStatusResponse | null) =>
    textOf(
      markup(
        createElement(ProcessingStep, {
          status,
          retrying: false,
          rejecting: false,
          onRetry: noop,
          onReject: noop,
        }),
      ),
    );

  it('queued: the default words and 0 %', () => {
    const text = step(null);
    expect(text).toContain('Queued for processing');
    expect(text).toContain('0% · you can leave this page');
  });

  it("processing: the server's progress and words", () => {
    const text = step({
      status: 'PROCESSING',
      progress: 45,
      progress_message: 'Finding chapters',
    } as BookStatusResponse);
    expect(text).toContain('Finding chapters');
    expect(text).toContain('45%');
  });

  it('failed: the error, or the default words, with Retry and Delete', () => {
    expect(step({ status: 'FAILED', error_message: 'The PDF has no text.' } as BookStatusResponse)).toContain(
      'The PDF has no text. Retry Processing Delete and start over',
    );
    expect(step({ status: 'FAILED', error_message: null } as unknown as BookStatusResponse)).toContain(
      'Book processing failed. Please try again.',
    );
  });
});

describe('chapter review step', () => {
  it('waits for the structure, then shows the chapters to confirm', () => {
    const loading = markup(
      createElement(ReviewStep, {
        structure: null,
        chapters: [],
        saving: false,
        dispatch: noop,
        onConfirm: noop,
      }),
    );
    expect(textOf(loading)).toContain('Loading the structure...');
    const html = markup(
      createElement(ReviewStep, {
        structure: {
          has_sections: false,
          structure_type: 'flat',
          structure_metadata: {},
          removed: [],
        } as never,
        chapters: [
          {
            key: 'a',
            title: 'Landfall',
            content: 'The ship came in.',
            contentTruncated: false,
            edited: false,
          },
        ],
        saving: false,
        dispatch: noop,
        onConfirm: noop,
      }),
    );
    expect(textOf(html)).toContain('Chapter review');
    expect(attributes(html, 'value')).toContain('Landfall');
  });
});

describe('merge preview and offered videos', () => {
  it('shows a spinner while starting, progress while processing, the clip when done, the error when failed', () => {
    expect(markup(createElement(PreviewPanel, { state: { phase: 'idle' }, onRetry: noop }))).toBe('');
    expect(
      textOf(markup(createElement(PreviewPanel, { state: { phase: 'starting' }, onRetry: noop }))),
    ).toContain('Generating the preview…');
    const processing = markup(
      createElement(PreviewPanel, {
        state: { phase: 'processing', preview_id: 'p', attempts: 1, progress: 30 },
        onRetry: noop,
      }),
    );
    expect(processing).toContain('role="progressbar"');
    const done = markup(
      createElement(PreviewPanel, {
        state: {
          phase: 'completed',
          preview_id: 'p',
          preview_url: '/media/preview.mp4',
          preview_duration: 10,
        },
        onRetry: noop,
      }),
    );
    expect(attributes(done, 'src')).toContain('/media/preview.mp4');
    const failed = textOf(
      markup(createElement(PreviewPanel, { state: { phase: 'failed', error: 'No inputs' }, onRetry: noop })),
    );
    expect(failed).toContain('No inputs');
    expect(
      textOf(markup(createElement(PreviewPanel, { state: { phase: 'timeout' }, onRetry: noop }))),
    ).not.toBe('');
  });

  it("lists the user's videos to add, none when there are none, and disables adding to a full list", () => {
    const videos = [
      { name: 'Chapter 1 of The Lighthouse', url: 'g1', duration: 62, origin: 'Chapter video' },
    ];
    expect(markup(createElement(YourVideos, { videos: [], items: [], onAdd: noop }))).toBe('');
    const open = markup(createElement(YourVideos, { videos, items: [], onAdd: noop }));
    expect(textOf(open)).toContain('Chapter 1 of The Lighthouse');
    expect(textOf(open)).toContain('Chapter video');
    expect(open).not.toMatch(/<button[^>]*disabled=""/);
    const items = Array.from({ length: MERGE_LIMITS.maxFiles }, (_, i) => ({ id: String(i) }) as InputItem);
    expect(markup(createElement(YourVideos, { videos, items, onAdd: noop }))).toMatch(
      /<button[^>]*disabled=""/,
    );
  });
});

describe('subscription page parts and workspace tabs', () => {
  it('the billing toggle marks the chosen period', () => {
    const html = markup(createElement(BillingToggle, { value: 'annual', onChange: noop }));
    const checked = [...html.matchAll(/<input[^>]*checked=""[^>]*>/g)].map((m) => m[0]);
    expect(checked).toHaveLength(1);
    expect(checked[0]).toContain('value="annual"');
  });

  it('the FAQ answers the questions about plans', () => {
    const text = textOf(markup(createElement(Faq)));
    expect(text).toContain('Frequently asked questions');
    expect((markup(createElement(Faq)).match(/<details/g) ?? []).length).toBeGreaterThan(2);
  });

  it("the workspace tabs mark the active tab and each stage's state", () => {
    const html = markup(
      createElement(WorkspaceTabs, {
        active: 'script',
        stages: { plot: 'completed', script: 'generating', images: 'error', audio: 'idle', video: 'idle' },
        onChange: noop,
      }),
    );
    const selected = [...html.matchAll(/<button[^>]*aria-selected="true"[^>]*>/g)];
    expect(selected).toHaveLength(1);
    expect(attributes(html, 'tabindex')).toEqual(['-1', '0', '-1', '-1', '-1']);
    const text = textOf(html);
    expect(text).toMatch(/completed/);
    expect(text).toMatch(/failed/);
  });
});
