import { describe, expect, it } from 'vitest';
import { assistFailureMessage } from '../../../functions/learning/jobs/assist.kind';
import { scriptFailureMessage } from '../../../functions/scripts/jobs/kinds';

const failure = (name: string, message: string, timedOut = false) => ({ name, message, timedOut });

describe('the words of a failed model job', () => {
  it("shows the engine's own words (a busy model, a refused key, a chapter too short)", () => {
    const busy = 'The text model at localhost is busy (429). Please try again in a moment.';
    expect(assistFailureMessage('quiz', failure('EngineError', busy))).toBe(busy);
    expect(scriptFailureMessage('the script', failure('EngineError', busy))).toBe(busy);
  });

  it('says what took too long, or failed, without an error that was not written for the user', () => {
    expect(assistFailureMessage('quiz', failure('States.Timeout', '', true))).toBe(
      'Writing the quiz took too long. Please try again.',
    );
    expect(assistFailureMessage('chapter-safety', failure('TypeError', 'x is undefined'))).toBe(
      "Writing the chapter's safety report failed. Please try again.",
    );
    expect(scriptFailureMessage('the scene', failure('TypeError', 'x is undefined'))).toBe(
      'Writing the scene failed. Please try again.',
    );
  });

  it('keeps our own words for a script changed meanwhile or a scene that is gone', () => {
    const changed = 'The script was changed meanwhile. Reload it and try again.';
    expect(scriptFailureMessage('the scene', failure('ConflictError', changed))).toBe(changed);
    expect(
      scriptFailureMessage('the scene', failure('BadRequestError', 'Scene 4 is not part of this script.')),
    ).toBe('Scene 4 is not part of this script.');
  });
});
