import type { SceneDescription } from '../../text/types';
import { countMentions } from './keywords';

/**
 * Which illustrated setting a scene gets, from words in its location (weighted) and description.
 * Interiors (setting_type INT) become rooms; their window shows the outdoor setting the text names.
 */
export const OUTDOOR_SETTINGS = [
  'forest',
  'sea',
  'ship',
  'city',
  'castle',
  'mountains',
  'desert',
  'village',
  'field',
  'landscape',
] as const;
export const INDOOR_SETTINGS = ['library', 'kitchen', 'hall', 'cabin', 'room'] as const;
export type OutdoorSetting = (typeof OUTDOOR_SETTINGS)[number];
export type IndoorSetting = (typeof INDOOR_SETTINGS)[number];
export type SettingKind = OutdoorSetting | IndoorSetting;

type Detectable = OutdoorSetting | 'library' | 'kitchen' | 'room';

const KEYWORDS: Record<Exclude<Detectable, 'landscape'>, string[]> = {
  forest: [
    'forest',
    'forests',
    'woods',
    'wood',
    'woodland',
    'trees',
    'grove',
    'jungle',
    'thicket',
    'pines',
    'clearing',
    'glade',
  ],
  sea: [
    'sea',
    'ocean',
    'harbour',
    'harbor',
    'port',
    'beach',
    'shore',
    'coast',
    'bay',
    'dock',
    'docks',
    'pier',
    'quay',
    'waves',
    'lighthouse',
    'seaside',
    'lake',
    'boats',
    'boat',
    'wharf',
  ],
  ship: [
    'ship',
    'deck',
    'aboard',
    'vessel',
    'galleon',
    'schooner',
    'sails',
    'mast',
    'bow',
    'stern',
    'frigate',
  ],
  city: [
    'city',
    'street',
    'streets',
    'alley',
    'avenue',
    'road',
    'town',
    'square',
    'market',
    'downtown',
    'boulevard',
    'lane',
    'rooftops',
    'station',
    'london',
    'paris',
  ],
  castle: [
    'castle',
    'fortress',
    'palace',
    'tower',
    'keep',
    'citadel',
    'ramparts',
    'throne',
    'courtyard',
    'battlements',
    'dungeon',
    'king',
    'queen',
  ],
  mountains: [
    'mountain',
    'mountains',
    'peak',
    'peaks',
    'cliff',
    'cliffs',
    'summit',
    'ridge',
    'pass',
    'alps',
    'canyon',
    'glacier',
  ],
  desert: ['desert', 'dunes', 'dune', 'sand', 'sands', 'oasis', 'wasteland', 'sahara'],
  village: ['village', 'hamlet', 'cottage', 'cottages', 'farmhouse', 'farm', 'mill', 'barn', 'homestead'],
  field: [
    'field',
    'fields',
    'meadow',
    'meadows',
    'pasture',
    'prairie',
    'plains',
    'garden',
    'orchard',
    'hillside',
    'hills',
    'grassland',
    'countryside',
  ],
  library: [
    'library',
    'study',
    'bookshop',
    'bookstore',
    'archive',
    'archives',
    'books',
    'bookshelves',
    'shelves',
    'scriptorium',
  ],
  kitchen: ['kitchen', 'bakery', 'scullery', 'pantry', 'stove', 'oven', 'cooking'],
  room: [
    'room',
    'bedroom',
    'parlour',
    'parlor',
    'house',
    'home',
    'apartment',
    'office',
    'chamber',
    'inn',
    'tavern',
    'attic',
    'cellar',
    'hallway',
    'corridor',
    'cabin',
    'hut',
  ],
};

const ORDER = Object.keys(KEYWORDS) as Exclude<Detectable, 'landscape'>[];

export interface SettingChoice {
  kind: SettingKind;
  interior: boolean;
  /** What an interior's window looks out on. */
  view: OutdoorSetting;
}

function strongest(
  scene: SceneDescription,
  candidates: readonly Exclude<Detectable, 'landscape'>[],
): Detectable {
  let best: Detectable = 'landscape';
  let bestScore = 0;
  for (const kind of candidates) {
    const score =
      countMentions(scene.location, KEYWORDS[kind]) * 3 +
      countMentions(scene.visual_description, KEYWORDS[kind]) +
      countMentions(scene.key_actions.join(' '), KEYWORDS[kind]) * 0.5;
    if (score > bestScore) {
      best = kind;
      bestScore = score;
    }
  }
  return best;
}

export function chooseSetting(scene: SceneDescription): SettingChoice {
  const detected = strongest(scene, ORDER);
  const outdoor = strongest(
    scene,
    ORDER.filter((k): k is Exclude<OutdoorSetting, 'landscape'> =>
      (OUTDOOR_SETTINGS as readonly string[]).includes(k),
    ),
  ) as OutdoorSetting;
  if (scene.setting_type === 'INT') {
    const kind: IndoorSetting =
      detected === 'library' || detected === 'kitchen'
        ? detected
        : detected === 'castle'
          ? 'hall'
          : detected === 'ship' || detected === 'sea'
            ? 'cabin'
            : 'room';
    return { kind, interior: true, view: outdoor === 'ship' ? 'sea' : outdoor };
  }
  const kind: OutdoorSetting =
    detected === 'library' ? 'city' : detected === 'kitchen' || detected === 'room' ? 'village' : detected;
  return { kind, interior: false, view: kind };
}
