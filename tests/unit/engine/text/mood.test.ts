import { describe, expect, it } from 'vitest';
import { moodOf, moodScores } from '../../../../functions/engine/text/local/mood';

/** Short excerpts of public-domain books, with the mood a reader names for each. */
describe('the mood of a passage, from what it feels', () => {
  it('names the mood a reader would for passages of real books', () => {
    // Dracula, chapter III: the Count crawls down the castle wall.
    expect(
      moodOf(
        'But my very feelings changed to repulsion and terror when I saw the whole man slowly emerge from the window and begin to crawl down the castle wall over that dreadful abyss, face down with his cloak spreading out around him like great wings. I thought it was some trick of the moonlight, some weird effect of shadow.',
      ),
    ).toBe('eerie');
    // A Christmas Carol, Stave V: Scrooge wakes a changed man.
    expect(
      moodOf(
        '“I don’t know what to do!” cried Scrooge, laughing and crying in the same breath. “I am as light as a feather, I am as happy as an angel, I am as merry as a schoolboy. A merry Christmas to everybody! Whoop! Hallo!”',
      ),
    ).toBe('joyful');
    // A Christmas Carol, Stave II: the lonely boy.
    expect(
      moodOf(
        'It opened before them, and disclosed a long, bare, melancholy room. At one of these a lonely boy was reading near a feeble fire; and Scrooge sat down upon a form, and wept to see his poor forgotten self as he had used to be.',
      ),
    ).toBe('sad');
    // Emma, chapter XLIX: Mr. Knightley speaks.
    expect(
      moodOf(
        '“My dearest Emma,” said he, “for dearest you will always be, my dearest, most beloved Emma—tell me at once.” Emma was almost ready to sink under the agitation of this moment.',
      ),
    ).toBe('romantic');
    // Treasure Island: the stockade is boarded.
    expect(
      moodOf(
        'I snatched a cutlass from the pile, and someone gave me a cut across the knuckles. He roared aloud, and his hanger went up above his head, flashing in the sunlight. I had not time to be afraid, but leaped in a trice upon one side.',
      ),
    ).toBe('tense');
  });

  it('leaves matter-of-fact prose calm', () => {
    expect(
      moodOf(
        'They thanked him and bade him goodbye, and turned toward the West, walking over fields of soft grass dotted here and there with daisies and buttercups.',
      ),
    ).toBe('calm');
    expect(moodOf('The harbour lies below me, with one long granite wall stretching out into the sea.')).toBe(
      'calm',
    );
    expect(moodOf('')).toBe('calm');
  });

  it('does not count a feeling the passage denies', () => {
    expect(moodScores('She was not afraid, and felt no fear.').tense).toBe(0);
    expect(moodScores('She was afraid, and felt fear.').tense).toBe(2);
  });

  it('reads a word listed whole as listed, not by a stem it begins with', () => {
    // "wonderfully" is delight, not the wonder of a mystery.
    const scores = moodScores('The little post office flourished wonderfully.');
    expect(scores.mysterious).toBe(0);
    expect(scores.joyful).toBe(1);
  });
});
