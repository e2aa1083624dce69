import { describe, expect, it } from 'vitest';
import { speakerOf } from './reading-helpers';

describe('a word for a grown man or woman', () => {
  /** Tom, whom the book calls "the boy" in three of his lines. */
  const boyhood = [
    'Tom Whitlock stood in the yard of the mill, with his cap in his hands.',
    '“I have swept the floor,” said the boy.',
    'The wind blew through the yard, and the wheel turned slowly in the race.',
    '“May I go home now?” said the boy.',
    'Nobody answered him, and the rain came on again over the roofs of the town.',
    '“It is very cold,” said the boy.',
  ];

  it('is not the one the book calls “the boy”', () => {
    const text = [
      ...boyhood,
      'Tom fell in the mud by the gate, and a crowd gathered round him.',
      '“Poor fellow!” said the gentleman, “he has hurt himself.”',
    ].join('\n\n');
    expect(speakerOf(text, 'Poor fellow!')).not.toBe('Tom Whitlock');
  });

  it('is still the man of the scene when no one calls him a boy', () => {
    const text = [
      'Mr. Weston stood by the fire in the parlour, and the rain beat on the windows.',
      '“A wretched evening,” said the gentleman.',
    ].join('\n\n');
    expect(speakerOf(text, 'A wretched evening,')).toBe('Mr. Weston');
  });

  it('may still be one the book calls “the boy” once or twice', () => {
    const text = [
      'Tom Whitlock stood in the yard of the mill, with his cap in his hands.',
      '“I have swept the floor,” said the boy.',
      'Years went by, and Tom grew tall and broad, and took the mill over from his master.',
      '“The wheel wants mending,” said the man.',
    ].join('\n\n');
    expect(speakerOf(text, 'The wheel wants mending,')).toBe('Tom Whitlock');
  });
});

describe('a conversation', () => {
  it('ends when the narration after its last line moves the story on', () => {
    const text = [
      'Isabella and Catherine walked up the street together.',
      '“Past three o’clock!” cried Isabella.',
      '“It cannot be,” said Catherine.',
      '“Past three o’clock!” It was inconceivable, incredible, impossible; and she would believe neither her own watch, nor her brother’s, nor the servant’s; she would believe no assurance of it founded on reason or reality, till Morland produced his watch and ascertained the fact. To have doubted a moment longer then would have been equally inconceivable; and she could only protest, over and over again, that no two hours and a half had ever gone off so swiftly before; so, with smiles of the most exquisite misery, she bade her friend adieu and went on.',
      'Catherine found Mrs. Allen just returned from the busy idleness of the morning, and was immediately greeted with, “Well, my dear, here you are,” said Mrs. Allen.',
      '“Yes, ma’am, I thank you; we could not have had a nicer day.”',
      '“So Mrs. Thorpe said; she was vastly pleased at your all going.”',
      '“You have seen Mrs. Thorpe, then?”',
    ].join('\n\n');
    expect(speakerOf(text, 'Yes, ma’am, I thank you; we could not have had a nicer day.')).toBe('Catherine');
    expect(speakerOf(text, 'You have seen Mrs. Thorpe, then?')).toBe('Catherine');
  });
});
