import { hashString } from '../../random';
import { characterProfile, type CharacterProfile, type SceneDescription } from '../../text/types';
import type { CharacterReference, ImageRequest } from '../types';
import type { Expression } from './head';
import { mentions } from './keywords';
import { characterLook, referencedLook, type CharacterLook } from './look';
import { moodTint, SKY, type MoodTint, type SkyPalette } from './palette';
import { chooseSetting, type SettingChoice } from './settings';
import { detectWeather, type Weather } from './weather';

/** Every decision about a scene picture, made once; the local renderer and the cloud prompt use it. */
export interface ScenePlan {
  scene: SceneDescription;
  style: ImageRequest['style'];
  seed: number;
  setting: SettingChoice;
  sky: SkyPalette;
  tint: MoodTint;
  weather: Weather;
  /** The figures drawn; `reference` when the look is the one a portrait fixed. */
  cast: { profile: CharacterProfile; look: CharacterLook; reference?: CharacterReference }[];
  /** Named in the scene but beyond the number of figures drawn. */
  offstage: string[];
  expression: Expression;
  includeBackground: boolean;
  lightingMood?: string;
  customPrompt?: string;
  /** Location and description, where setting words are looked for. */
  text: string;
}

export const MAX_FIGURES = 6;

export interface SceneRequestLike {
  scene: SceneDescription;
  characters: CharacterProfile[];
  style: ImageRequest['style'];
  seed: number;
  lightingMood?: string;
  includeBackground?: boolean;
  customPrompt?: string;
  references?: CharacterReference[];
}

const sameName = (a: string, b: string) => {
  const x = a.trim().toLowerCase();
  const y = b.trim().toLowerCase();
  return x === y || x.split(/\s+/)[0] === y || y.split(/\s+/)[0] === x;
};

/** A character the scene names but no profile describes still looks the same every time. */
export function placeholderProfile(name: string): CharacterProfile {
  return characterProfile({ name, seed: hashString(name.trim().toLowerCase()) });
}

export function castOf(scene: SceneDescription, profiles: CharacterProfile[]): CharacterProfile[] {
  if (!scene.characters.length) return profiles;
  return scene.characters.map(
    (name) => profiles.find((p) => sameName(p.name, name)) ?? placeholderProfile(name),
  );
}

const EXPRESSIONS: Record<SceneDescription['mood'], Expression> = {
  calm: 'neutral',
  joyful: 'smile',
  romantic: 'smile',
  tense: 'frown',
  sad: 'frown',
  eerie: 'fear',
  mysterious: 'neutral',
  dramatic: 'neutral',
  epic: 'neutral',
};

/** Words of a passage that show its people afraid, or grieving, whatever mood the scene was given. */
const FEAR = [
  'horror',
  'horrified',
  'terror',
  'terrified',
  'dread',
  'fear',
  'feared',
  'afraid',
  'frightened',
  'scream',
  'screamed',
  'shriek',
  'monster',
  'wretch',
  'demon',
  'fiend',
  'hideous',
  'ghastly',
  'fled',
] as const;
const GRIEF = [
  'grief',
  'wept',
  'weeping',
  'tears',
  'mourn',
  'mourned',
  'sorrow',
  'despair',
  'misery',
  'wretched',
  'dead',
  'death',
  'died',
  'ill',
  'fever',
  'sobbed',
  'anguish',
] as const;

/**
 * The faces of a scene: from what its passage tells (fear, grief) before the mood it was given, so
 * nobody smiles in a passage of horror or mourning.
 */
export function expressionOf(scene: SceneDescription): Expression {
  const text = [scene.visual_description, scene.location, ...scene.key_actions].join(' ');
  if (mentions(text, FEAR)) return 'fear';
  if (mentions(text, GRIEF)) return EXPRESSIONS[scene.mood] === 'fear' ? 'fear' : 'frown';
  return EXPRESSIONS[scene.mood];
}

const nameKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/** The portrait reference of a cast member: the one of the same name, if any. */
function referenceOf(profile: CharacterProfile, references: CharacterReference[] = []) {
  return references.find((r) => nameKey(r.name) === nameKey(profile.name));
}

export function planScene(request: SceneRequestLike): ScenePlan {
  const { scene } = request;
  const cast = castOf(scene, request.characters);
  return {
    scene,
    style: request.style,
    seed: request.seed,
    setting: chooseSetting(scene),
    sky: SKY[scene.time_of_day],
    tint: moodTint(scene.mood, request.lightingMood),
    weather: detectWeather(scene, request.lightingMood),
    cast: cast.slice(0, MAX_FIGURES).map((profile) => {
      const reference = referenceOf(profile, request.references);
      return reference
        ? { profile, look: referencedLook(profile, reference), reference }
        : { profile, look: characterLook(profile) };
    }),
    offstage: cast.slice(MAX_FIGURES).map((p) => p.name),
    expression: expressionOf(scene),
    includeBackground: request.includeBackground ?? true,
    lightingMood: request.lightingMood,
    customPrompt: request.customPrompt,
    text: `${scene.location} ${scene.visual_description}`,
  };
}
