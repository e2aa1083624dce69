import { describe, expect, it } from 'vitest';
import { toPresentTense } from '../../../../functions/engine/text/local/nlp';

describe('action lines in the present tense', () => {
  it('turns the narration’s past tense into the present', () => {
    expect(toPresentTense('The train rattled north through the dark.')).toBe(
      'The train rattles north through the dark.',
    );
  });

  it('keeps a participle that gives someone a name', () => {
    expect(toPresentTense('A broad man named Joe Bristow waited.')).toBe(
      'A broad man named Joe Bristow waits.',
    );
    expect(toPresentTense('She kept a dog called Rex.')).toBe('She keeps a dog called Rex.');
  });

  it('still changes "named" when it is the verb of the sentence', () => {
    expect(toPresentTense('She named the boat.')).toBe('She names the boat.');
  });
});
