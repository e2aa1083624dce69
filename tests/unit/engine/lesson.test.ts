import { describe, expect, it } from 'vitest';
import { presenterLayout, supportingSentences } from '../../../functions/engine/productions/lesson';
import { captionStyle } from '../../../functions/engine/video/local/subtitles';
import { learningFailureMessage as messageFor } from '../../../functions/learning/jobs/content.kind';
import { isTimeout, readFailure, type TaskFailure } from '../../../functions/lib/workflows';

const learningFailureMessage = (type: Parameters<typeof messageFor>[0], failure: TaskFailure) =>
  messageFor(type, isTimeout(readFailure(failure).name));

describe('lesson planning helpers', () => {
  it('supporting sentences share the most content words with the point and keep text order', () => {
    const sentences = [
      'The lighthouse stood on the northern cliff.',
      'Ships feared the rocks below the cliff.',
      'The keeper lit the lamp at dusk every evening.',
      'Bread was baked on Sundays.',
      'The lamp of the lighthouse burned whale oil.',
    ];
    const picked = supportingSentences('The keeper lit the lighthouse lamp.', sentences, 2);
    expect(picked).toEqual([sentences[2], sentences[4]]);
    expect(supportingSentences('Nothing related here.', sentences, 2)).toEqual([]);
  });

  it('each tutorial style keeps the presenter inside the frame and clear of the slide text', () => {
    const size = { width: 1280, height: 720 };
    for (const style of ['udemy', 'whiteboard', 'minimal'] as const) {
      const layout = presenterLayout(style, size);
      expect(layout.box % 2).toBe(0);
      expect(layout.x + layout.box).toBeLessThanOrEqual(size.width);
      expect(layout.y + layout.box).toBeLessThanOrEqual(size.height);
      // The presenter sits in the reserved right-hand share of the width.
      expect(layout.x).toBeGreaterThanOrEqual(size.width * (1 - layout.reserve));
    }
    // Minimal centres the presenter beside the text; the others sit them in the bottom corner.
    const minimal = presenterLayout('minimal', size);
    expect(minimal.y).toBe(Math.round((size.height - minimal.box) / 2));
    const udemy = presenterLayout('udemy', size);
    expect(udemy.y + udemy.box).toBeGreaterThan(size.height * 0.9);
    expect(presenterLayout('minimal', size).reserve).toBeGreaterThan(presenterLayout('udemy', size).reserve);
  });
});

describe('subtitles beside the slides', () => {
  it('subtitles keep the presenter corner free', () => {
    const plain = captionStyle({ width: 1280, height: 720 });
    const reserved = captionStyle({ width: 1280, height: 720 }, { reserveRight: 0.3 });
    expect(reserved.marginRight - plain.marginRight).toBe(384);
    expect(reserved.maxLineChars).toBeLessThan(plain.maxLineChars);
  });
});

describe('learning job failures', () => {
  it('name the content and ask to try again; timeouts say so', () => {
    expect(learningFailureMessage('audio_narration', { Error: 'InjectedFault', Cause: 'x' })).toBe(
      'Generating the narration failed. Please try again.',
    );
    expect(learningFailureMessage('realistic_video', { Error: 'States.Timeout' })).toBe(
      'Generating the tutor video took too long. Please try again.',
    );
    // On AWS the cause is Lambda's JSON error payload.
    expect(
      learningFailureMessage('chapter_video', {
        Error: 'Error',
        Cause: JSON.stringify({ errorType: 'Sandbox.Timedout', errorMessage: 'Task timed out' }),
      }),
    ).toBe('Generating the chapter video took too long. Please try again.');
  });
});
