import { characterProfile, type CharacterProfile } from '../text/types';
import { hashString } from '../random';

/** The presenters a tutor video can have: described once, drawn and voiced consistently. */
export interface Presenter {
  id: string;
  name: string;
  description: string;
  gender: 'female' | 'male';
  look: string;
}

export const PRESENTERS: readonly Presenter[] = [
  {
    id: 'ava',
    name: 'Ava',
    description: 'Warm and clear, explains step by step.',
    gender: 'female',
    look: 'a woman with short black hair, brown eyes, round glasses and a navy blazer',
  },
  {
    id: 'noah',
    name: 'Noah',
    description: 'Calm and precise, a patient teacher.',
    gender: 'male',
    look: 'a man with short brown hair, a trimmed beard, green eyes and a grey sweater',
  },
  {
    id: 'maya',
    name: 'Maya',
    description: 'Lively and encouraging.',
    gender: 'female',
    look: 'a young woman with long curly red hair, freckles, blue eyes and a green cardigan',
  },
  {
    id: 'leo',
    name: 'Leo',
    description: 'Friendly storyteller with a steady pace.',
    gender: 'male',
    look: 'an older man with grey hair, a white beard, brown eyes and a burgundy jacket',
  },
];

export const DEFAULT_PRESENTER = 'ava';

export function findPresenter(id: string | undefined): Presenter | undefined {
  return PRESENTERS.find((p) => p.id === (id ?? DEFAULT_PRESENTER));
}

/** The presenter as a character the image and lip-sync engines can draw. */
export function presenterProfile(presenter: Presenter): CharacterProfile {
  return characterProfile({
    name: presenter.name,
    role: 'mentor',
    physical_description: presenter.look,
    personality: presenter.description,
    archetypes: ['Mentor'],
    gender: presenter.gender,
    mentions: 1,
    seed: hashString(`presenter:${presenter.id}`),
  });
}
