import { describe, expect, it } from 'vitest';
import { expressionOf } from '../../../../functions/engine/image/local/scene-plan';
import type { SceneDescription } from '../../../../functions/engine/text/types';

/** The faces of a scene follow what its passage tells: nobody smiles in horror or mourning. */
const scene = (mood: SceneDescription['mood'], visual_description: string): SceneDescription => ({
  scene_number: 1,
  location: 'a chamber',
  setting_type: 'INT',
  time_of_day: 'night',
  estimated_duration: 10,
  visual_description,
  key_actions: [],
  audio_requirements: [],
  characters: [],
  mood,
  source_start: 0,
  source_end: 100,
});

describe("a scene's expressions", () => {
  it('are afraid in a passage of horror, even one given a calm or joyful mood', () => {
    expect(
      expressionOf(scene('calm', 'I beheld the wretch, the miserable monster whom I had created.')),
    ).toBe('fear');
    expect(expressionOf(scene('joyful', 'A scream of terror rang through the house.'))).toBe('fear');
    expect(expressionOf(scene('eerie', 'The corridor is silent.'))).toBe('fear');
  });

  it('grieve in a passage of grief, smile only where the passage is glad, and stay still when calm', () => {
    expect(expressionOf(scene('romantic', 'She wept over the grave of her mother.'))).toBe('frown');
    expect(expressionOf(scene('joyful', 'The friends laugh together in the sunlit square.'))).toBe('smile');
    expect(expressionOf(scene('calm', 'The friends walk together along the lake.'))).toBe('neutral');
  });
});
