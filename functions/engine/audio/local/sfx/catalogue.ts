import type { Level, Stereo } from '../dsp';
import { bell, clock, crowd, door, footsteps, horse, sword } from './objects';
import { city, engine, explosion, roomTone } from './machines';
import { birds, crickets, fire, rain, thunder, water, waves, wind } from './nature';
import type { SoundContext } from './toolkit';

/** Which recipes a description calls for, how loud each sits and how long a one-shot lasts. */
export interface Recipe {
  name: string;
  keywords: RegExp;
  /** Seconds as a one-shot effect when no duration is asked for. */
  effectSeconds: number;
  /** Level as an effect and as a background. */
  level: { effect: Level; ambiance: Level };
  render(context: SoundContext): Stereo;
}

const steady = (effect: number, ambiance = effect - 4) => ({
  effect: { rmsDb: effect },
  ambiance: { rmsDb: ambiance },
});
const peaks = (effect: number, ambiance = effect - 6) => ({
  effect: { peakDb: effect },
  ambiance: { peakDb: ambiance },
});

// prettier-ignore
export const RECIPES: Recipe[] = [
  { name: 'rain', keywords: /\b(rain|storm|drizzl|downpour|shower)/, effectSeconds: 8, level: steady(-22), render: rain },
  { name: 'wind', keywords: /\b(wind|gust|breez|storm|blizzard|gale|forest|woods|desert|mountain|howl)/, effectSeconds: 8, level: steady(-24, -28), render: wind },
  { name: 'thunder', keywords: /\b(thunder|lightning|storm)/, effectSeconds: 6, level: peaks(-2, -8), render: thunder },
  { name: 'waves', keywords: /\b(wave|sea\b|seas\b|seaside|ocean|surf|shore|beach|coast|harbou?r)/, effectSeconds: 10, level: steady(-20, -23), render: waves },
  { name: 'water', keywords: /\b(water|river|stream|brook|creek|fountain|waterfall|splash|babbl)/, effectSeconds: 6, level: steady(-22, -25), render: water },
  { name: 'fire', keywords: /\b(fire|crackl|campfire|hearth|flame|burn|torch|bonfire)/, effectSeconds: 6, level: steady(-22, -26), render: fire },
  { name: 'birds', keywords: /\b(bird|chirp|tweet|songbird|forest|woods|garden|meadow|dawn|spring|park)/, effectSeconds: 4, level: peaks(-4, -10), render: birds },
  { name: 'crickets', keywords: /\b(cricket|night|insect|cicada)/, effectSeconds: 4, level: steady(-26, -32), render: crickets },
  { name: 'footsteps', keywords: /\b(footstep|step|walk|running|pacing)/, effectSeconds: 4, level: peaks(-3, -10), render: footsteps },
  { name: 'door', keywords: /\b(door|knock|creak|slam|gate)/, effectSeconds: 3, level: peaks(-2, -10), render: door },
  { name: 'crowd', keywords: /\b(crowd|murmur|chatter|tavern|inn\b|market|people|audience|party|battle|restaurant|feast)/, effectSeconds: 6, level: steady(-22, -26), render: crowd },
  { name: 'horse', keywords: /\b(horse|hoof|hooves|gallop|trot|carriage|cavalry)/, effectSeconds: 4, level: peaks(-3, -9), render: horse },
  { name: 'sword', keywords: /\b(sword|blade|clang|clash|metal|steel|duel|battle|fight)/, effectSeconds: 2, level: peaks(-2, -10), render: sword },
  { name: 'bell', keywords: /\b(bell|chime|toll|peal)/, effectSeconds: 5, level: peaks(-3, -9), render: bell },
  { name: 'clock', keywords: /\b(clock|tick)/, effectSeconds: 4, level: peaks(-6, -12), render: clock },
  { name: 'explosion', keywords: /\b(explo|blast|bomb|cannon|grenade|boom)/, effectSeconds: 5, level: peaks(-1, -8), render: explosion },
  { name: 'engine', keywords: /\b(car|cars|engine|motor|vehicle|truck|bus|lorry)\b/, effectSeconds: 5, level: steady(-20, -25), render: engine },
  { name: 'city', keywords: /\b(city|traffic|street|urban|downtown)/, effectSeconds: 8, level: steady(-22, -25), render: city },
];

/** What plays when nothing in the description is recognised: the quiet of a room. */
export const ROOM_TONE: Recipe = {
  name: 'room tone',
  keywords: /$^/,
  effectSeconds: 3,
  level: steady(-48, -50),
  render: roomTone,
};

/** At most this many sounds are layered for one description. */
const MAX_LAYERS = 3;

export function recipesFor(description: string): Recipe[] {
  const text = description.toLowerCase();
  const matches = RECIPES.filter((recipe) => recipe.keywords.test(text));
  return matches.length ? matches.slice(0, MAX_LAYERS) : [ROOM_TONE];
}
