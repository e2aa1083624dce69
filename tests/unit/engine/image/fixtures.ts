import type { CharacterProfile, SceneDescription } from '../../../../functions/engine/text/types';

export function character(overrides: Partial<CharacterProfile> = {}): CharacterProfile {
  return {
    name: 'Anna',
    role: 'protagonist',
    physical_description: '',
    personality: '',
    character_arc: '',
    archetypes: [],
    want: '',
    need: '',
    lie: '',
    ghost: '',
    mentions: 3,
    seed: 1,
    voice: 'en-GB-1',
    ...overrides,
  };
}

export function scene(overrides: Partial<SceneDescription> = {}): SceneDescription {
  return {
    scene_number: 1,
    location: 'A meadow',
    setting_type: 'EXT',
    time_of_day: 'day',
    estimated_duration: 30,
    visual_description: '',
    key_actions: [],
    audio_requirements: [],
    characters: [],
    mood: 'calm',
    source_start: 0,
    source_end: 100,
    ...overrides,
  };
}

export const anna = character({
  name: 'Anna',
  seed: 11,
  physical_description:
    'A young woman with long curly red hair, green eyes and freckles, wearing a blue coat.',
});
export const hale = character({
  name: 'Captain Hale',
  seed: 22,
  physical_description: 'A broad old man with a grey beard and glasses, in a navy uniform and a cap.',
});
