import { describe, expect, it } from 'vitest';
import { speakerOf } from './reading-helpers';

describe('a line that calls its listener “sir” or “ma’am”', () => {
  const scene = (call: string) =>
    [
      'Mr. Hale and Mr. Bell sat by the fire after dinner, and Mrs. Grey sat at her work by the window. Mr. Bell had come from Oxford that morning; Mrs. Grey had kept house for Mr. Hale these ten years.',
      '“Shall I ring for the tea?” said Mrs. Grey.',
      '“The mill will be shut by Friday,” said Mr. Hale.',
      '“Then the men will be out of work all winter,” said Mr. Bell.',
      '“They will,” said Mr. Hale, “and there is nothing to be done for them.”',
      `“Is there nothing to be done${call}? You know the town better than either of us.”`,
      '“There is always something to be done, if people will only do it.”',
    ].join('\n\n');

  it('is answered by a woman when it says “ma’am”', () => {
    expect(
      speakerOf(scene(', ma’am'), 'There is always something to be done, if people will only do it.'),
    ).toBe('Mrs. Grey');
  });

  it('leaves the turns as they were when it calls no one', () => {
    expect(speakerOf(scene(''), 'There is always something to be done, if people will only do it.')).toBe(
      'Mr. Hale',
    );
  });

  it('is answered by a man when it says “sir”', () => {
    const text = [
      'Mrs. Grey and Miss Lennox sat at their work by the window, and Mr. Hale read by the fire. Miss Lennox had come from London that morning; Mrs. Grey had kept house for Mr. Hale these ten years.',
      '“The evenings are drawing in,” said Mr. Hale.',
      '“They are,” said Mrs. Grey.',
      '“Shall we have the lamp lit?” said Miss Lennox.',
      '“If you like,” said Mrs. Grey, “though I can see well enough.”',
      '“Do you not think it dark, sir? You have been reading this hour.”',
      '“I had not noticed it, but now you speak of it I think it is.”',
    ].join('\n\n');
    expect(speakerOf(text, 'I had not noticed it, but now you speak of it I think it is.')).toBe('Mr. Hale');
  });
});
