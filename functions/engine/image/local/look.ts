import { createRandom } from '../../random';
import type { CharacterProfile } from '../../text/types';
import type { CharacterReference, PortraitLook } from '../types';
import { mentions, words } from './keywords';

/**
 * How a character looks, decided once from the profile so that portraits, scenes and the cloud
 * prompts all show the same person: words in `physical_description` win, everything else comes
 * from the character's stable `seed`.
 */
export type HairLength = 'bald' | 'short' | 'medium' | 'long';
export type Age = 'child' | 'young' | 'adult' | 'elderly';
export type Hat = 'none' | 'top hat' | 'cap' | 'hood' | 'crown' | 'wide-brimmed hat' | 'helmet';
export type Garment =
  'shirt' | 'jacket' | 'coat' | 'cloak' | 'dress' | 'robe' | 'armour' | 'uniform' | 'suit';
export type Beard = 'none' | 'stubble' | 'moustache' | 'beard';

/** The look in words and colours, as portraits report it (see ImageResult.look). */
export function portraitLook(look: CharacterLook): PortraitLook {
  const hair =
    look.hair.length === 'bald'
      ? 'bald'
      : `${look.hair.length}${look.hair.curly ? ' curly' : ''} ${look.hair.colourName} hair${look.hair.bun ? ' in a bun' : ''}`;
  const hat = look.hat === 'none' ? '' : ` and a ${look.hat}`;
  return {
    hair,
    eyes: `${look.eyes.colourName} eyes`,
    skin: look.skin,
    clothing: `${look.clothing.colourName} ${look.garment}${hat}`,
    palette: [look.skin, look.hair.colour, look.eyes.colour, look.clothing.colour, look.accent],
  };
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The look a portrait fixed: the character as drawn from the portrait's own seed and description
 * (whatever the profile says today), in the portrait's colours. Scenes use it so that a character
 * whose description was edited after the portrait still looks like the portrait until it is redrawn.
 */
export function referencedLook(character: CharacterProfile, reference: CharacterReference): CharacterLook {
  const look = characterLook({
    ...character,
    seed: reference.seed,
    physical_description: reference.physical_description,
  });
  const [skin, hair, eyes, clothing, accent] = reference.look.palette.map((colour) =>
    HEX.test(colour) ? colour.toLowerCase() : undefined,
  );
  return {
    ...look,
    skin: skin ?? look.skin,
    hair: { ...look.hair, colour: hair ?? look.hair.colour },
    eyes: { ...look.eyes, colour: eyes ?? look.eyes.colour },
    clothing: { ...look.clothing, colour: clothing ?? look.clothing.colour },
    accent: accent ?? look.accent,
  };
}

export interface CharacterLook {
  name: string;
  /** What a character who is not a person is ("creature", "ghost", "rabbit"); people have none. */
  being?: string;
  presentation: 'feminine' | 'masculine' | 'neutral';
  age: Age;
  build: 'slim' | 'average' | 'broad';
  /** Relative body height, 1 = average adult. */
  height: number;
  skin: string;
  hair: { colour: string; colourName: string; length: HairLength; curly: boolean; bun: boolean };
  eyes: { colour: string; colourName: string };
  beard: Beard;
  glasses: boolean;
  freckles: boolean;
  hat: Hat;
  garment: Garment;
  clothing: { colour: string; colourName: string };
  /** Trousers, skirt lining, collar. */
  secondary: string;
  accent: string;
}

const SKIN_TONES = ['#f6d7c3', '#efc4a4', '#e2ae88', '#c98f63', '#a9714b', '#8b5a3a', '#6c4328', '#4b2f1d'];
const SKIN_WORDS: [string[], number][] = [
  [['pale', 'pallid', 'porcelain', 'alabaster', 'fair-skinned', 'fair skin', 'ivory'], 0],
  [['fair', 'freckled', 'freckles', 'rosy', 'light-skinned'], 1],
  [['olive skin', 'olive-skinned', 'sun-kissed', 'tanned', 'tan skin'], 3],
  [['bronze', 'bronzed', 'golden-brown', 'weathered'], 4],
  [['brown skin', 'brown-skinned', 'dusky'], 5],
  [['dark skin', 'dark-skinned', 'deep brown'], 6],
  [['ebony', 'black skin', 'very dark'], 7],
];

const HAIR_COLOURS: Record<string, string> = {
  black: '#1c1a1a',
  'jet-black': '#111111',
  dark: '#2a1d16',
  brown: '#4e3221',
  brunette: '#4e3221',
  chestnut: '#6e3b1f',
  auburn: '#8e3a1c',
  red: '#b0461f',
  ginger: '#c0571f',
  copper: '#b35a2a',
  blonde: '#e0c27a',
  blond: '#e0c27a',
  golden: '#d9a944',
  fair: '#e6cf97',
  sandy: '#c9a76b',
  grey: '#8f8f8f',
  gray: '#8f8f8f',
  silver: '#c4c6cc',
  white: '#ecebe6',
  'salt-and-pepper': '#6f6f6f',
};
const SEED_HAIR = ['#1c1a1a', '#2a1d16', '#4e3221', '#6e3b1f', '#8e3a1c', '#b0461f', '#d9b36a', '#e0c27a'];
const SEED_HAIR_NAMES = ['black', 'dark brown', 'brown', 'chestnut', 'auburn', 'red', 'sandy', 'blonde'];

const EYE_COLOURS: Record<string, string> = {
  brown: '#5b3a1e',
  dark: '#3a2616',
  hazel: '#7d6233',
  amber: '#b07a1f',
  green: '#3f7d4a',
  emerald: '#2b8a57',
  blue: '#2f6fa3',
  'ice-blue': '#8fbcd9',
  grey: '#6f7b85',
  gray: '#6f7b85',
  violet: '#6a4c93',
  black: '#1d1512',
};
const SEED_EYES = ['brown', 'dark', 'hazel', 'green', 'blue', 'grey'] as const;

const CLOTHING_COLOURS: Record<string, string> = {
  red: '#b23a48',
  crimson: '#9e1b32',
  scarlet: '#c8102e',
  maroon: '#6d1a2b',
  burgundy: '#6d1a2b',
  pink: '#d9779c',
  orange: '#e06c2e',
  yellow: '#d9b02b',
  gold: '#c9a227',
  golden: '#c9a227',
  green: '#3a7d44',
  emerald: '#1f8a5a',
  olive: '#6b7a32',
  teal: '#1f7a8c',
  blue: '#2e5eaa',
  navy: '#1f2f5a',
  azure: '#3a86c8',
  purple: '#6a4c93',
  violet: '#7b4fb5',
  lavender: '#9c88c9',
  brown: '#7a4f2e',
  tan: '#b08a5a',
  beige: '#cdb891',
  cream: '#e8dcc0',
  white: '#eeeeea',
  grey: '#777a80',
  gray: '#777a80',
  silver: '#aeb3ba',
  black: '#262628',
};
const SEED_CLOTHING = [
  'red',
  'blue',
  'green',
  'yellow',
  'purple',
  'orange',
  'teal',
  'brown',
  'pink',
  'navy',
  'crimson',
  'emerald',
  'maroon',
  'azure',
  'olive',
  'violet',
] as const;
const SECONDARY = ['#2b2d42', '#3d405b', '#4a4e69', '#5c4033', '#333336', '#22333b', '#4b3b2b', '#3b4a3f'];

const GARMENTS: [Garment, string[]][] = [
  ['armour', ['armour', 'armor', 'chainmail', 'mail', 'breastplate', 'knight']],
  ['cloak', ['cloak', 'cape', 'mantle']],
  ['robe', ['robe', 'robes', 'habit', 'cassock', 'vestments']],
  ['dress', ['dress', 'gown', 'skirt', 'frock']],
  ['uniform', ['uniform', 'soldier', 'captain', 'officer']],
  ['suit', ['suit', 'tuxedo', 'waistcoat']],
  ['coat', ['coat', 'overcoat', 'greatcoat', 'trench']],
  ['jacket', ['jacket', 'blazer', 'doublet']],
  ['shirt', ['shirt', 'tunic', 'sweater', 'blouse', 'jumper', 'vest']],
];
const HATS: [Hat, string[]][] = [
  ['crown', ['crown', 'tiara', 'circlet', 'king', 'queen', 'princess', 'prince']],
  ['top hat', ['top hat', 'top-hat', 'stovepipe']],
  ['helmet', ['helmet', 'helm']],
  ['hood', ['hood', 'hooded', 'cowl']],
  ['wide-brimmed hat', ['wide-brimmed', 'sun hat', 'bonnet', 'straw hat', 'witch', 'wizard hat']],
  ['cap', ['cap', 'beret', 'flat cap']],
];

const FEMININE = [
  'she',
  'her',
  'woman',
  'girl',
  'lady',
  'mother',
  'queen',
  'princess',
  'daughter',
  'sister',
  'wife',
];
const MASCULINE = [
  'he',
  'his',
  'him',
  'man',
  'boy',
  'gentleman',
  'father',
  'king',
  'prince',
  'son',
  'brother',
  'husband',
];

/** A word from `candidates` up to three words before one of the nouns ("long wavy red hair", "green-eyed"). */
function wordBefore(
  text: string,
  nouns: readonly string[],
  candidates: (word: string) => boolean,
): string | undefined {
  const list = words(text.replace(/-/g, ' '));
  for (let i = 0; i < list.length; i++) {
    if (!nouns.includes(list[i]!)) continue;
    for (let back = 1; back <= 3 && i - back >= 0; back++) {
      if (candidates(list[i - back]!)) return list[i - back];
    }
  }
  return undefined;
}

const colourFor = (text: string, nouns: readonly string[], palette: Record<string, string>) =>
  wordBefore(text, nouns, (word) => word in palette);

const HAIR_NOUNS = ['hair', 'haired', 'locks', 'curls', 'braids', 'mane'] as const;

function firstMatch<T>(text: string, table: [T, string[]][]): T | undefined {
  return table.find(([, phrases]) => mentions(text, phrases))?.[0];
}

/** What a character's clothes are called in descriptions (the colour word before one is theirs). */
const CLOTHING_NOUNS = [
  'coat',
  'cloak',
  'dress',
  'gown',
  'robe',
  'robes',
  'jacket',
  'shirt',
  'tunic',
  'suit',
  'uniform',
  'cape',
  'sweater',
  'blouse',
  'armour',
  'armor',
  'clothes',
  'garb',
  'attire',
  'doublet',
  'waistcoat',
  'overcoat',
  'vest',
  'hood',
];

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const COUNT = `(\\d{1,3}|(?:${Object.keys(NUMBER_WORDS).join('|')})(?:[- ](?:${Object.keys(NUMBER_WORDS).join('|')}))?)`;
/** "seventeen years old", "aged 60", "a girl of twelve": an age the text states. */
const STATED_AGE = new RegExp(
  `\\b${COUNT}[- ]years?[- ]old\\b|\\baged ${COUNT}\\b|\\bage of ${COUNT}\\b|\\b(?:girl|boy|child|man|woman|lady) of ${COUNT}\\b`,
  'i',
);

function yearsOf(count: string): number {
  if (/^\d+$/.test(count)) return Number(count);
  return count
    .toLowerCase()
    .split(/[- ]/)
    .reduce((sum, word) => sum + (NUMBER_WORDS[word] ?? 0), 0);
}

function ageOf(described: string): Age {
  const stated = STATED_AGE.exec(described);
  if (stated) {
    const years = yearsOf(stated.slice(1).find(Boolean)!);
    return years < 13 ? 'child' : years < 25 ? 'young' : years >= 60 ? 'elderly' : 'adult';
  }
  // "Little" alone is not an age ("the book says little", "a little pale"): a little girl is.
  return mentions(described, ['child', 'boy', 'girl', 'kid', 'toddler', 'infant', 'baby', 'little one'])
    ? 'child'
    : mentions(described, [
          'old',
          'elderly',
          'aged',
          'ancient',
          'grandmother',
          'grandfather',
          'wrinkled',
          'white-haired',
          'grey-haired',
          'gray-haired',
        ])
      ? 'elderly'
      : mentions(described, [
            'young',
            'youthful',
            'teenage',
            'teenager',
            'teen',
            'adolescent',
            'youth',
            'maiden',
          ])
        ? 'young'
        : 'adult';
}

/**
 * Characters who are not people, by the word the book calls them ("the creature", "Marley's
 * Ghost", "the Rabbit"): drawn as that, with the colouring that tells them apart from the people.
 */
const BEINGS: { words: string[]; being: (word: string) => string; skin: string; height: number }[] = [
  {
    words: ['creature', 'monster', 'fiend', 'daemon', 'demon', 'giant', 'ogre', 'troll'],
    being: () => 'creature',
    skin: '#c9c08e',
    height: 1.22,
  },
  {
    words: ['ghost', 'spirit', 'phantom', 'spectre', 'specter', 'apparition', 'wraith'],
    being: () => 'ghost',
    skin: '#dfe7ec',
    height: 1.02,
  },
  {
    words: ['scarecrow', 'woodman', 'automaton', 'robot'],
    being: (word) => word,
    skin: '#d8c27a',
    height: 1,
  },
  {
    words: ['rabbit', 'hare', 'lion', 'dog', 'cat', 'wolf', 'fox', 'mouse', 'bear', 'caterpillar', 'toad'],
    being: (word) => word,
    skin: '#b59a78',
    height: 0.75,
  },
];

function beingOf(character: CharacterProfile) {
  const name = character.name.toLowerCase();
  for (const kind of BEINGS) {
    const word = kind.words.find((w) => mentions(name, [w]));
    if (word) return { ...kind, being: kind.being(word) };
  }
  return undefined;
}

/** The text engine's sentences about what the book leaves unsaid describe nothing. */
const UNSAID =
  /\b(?:the book (?:does not say|says little)[^.;]*|[^.;]*is seen mostly through what others[^.;]*)[.;]?/gi;

function buildOf(described: string): CharacterLook['build'] {
  return mentions(described, [
    'broad',
    'broad-shouldered',
    'burly',
    'stocky',
    'muscular',
    'heavy',
    'stout',
    'portly',
  ])
    ? 'broad'
    : mentions(described, ['slim', 'slender', 'thin', 'lanky', 'wiry', 'gaunt', 'petite', 'slight'])
      ? 'slim'
      : 'average';
}

export function characterLook(character: CharacterProfile): CharacterLook {
  const text = `${character.physical_description} ${character.personality}`
    .replace(UNSAID, ' ')
    .toLowerCase();
  const described = character.physical_description.replace(UNSAID, ' ').toLowerCase();
  const being = beingOf(character);
  const random = createRandom(character.seed);
  // Every seeded choice is drawn in a fixed order, whatever the text says, so adding a word to the
  // description changes only that feature.
  const seeded = {
    skin: random.int(0, SKIN_TONES.length - 1),
    hair: random.int(0, SEED_HAIR.length - 1),
    length: random.pick(['short', 'short', 'medium', 'long'] as const),
    curly: random.chance(0.25),
    eyes: random.pick(SEED_EYES),
    clothing: random.pick(SEED_CLOTHING),
    secondary: random.pick(SECONDARY),
    accent: random.pick(['#d9b02b', '#eeeeea', '#c8102e', '#1f7a8c', '#7a4f2e']),
    garment: random.pick(['shirt', 'jacket', 'coat', 'shirt'] as const),
    beard: random.chance(0.3),
    glasses: random.chance(0.15),
    presentation: random.pick(['feminine', 'masculine'] as const),
    height: 0.94 + random.next() * 0.12,
    bun: random.chance(0.2),
  };

  const feminineScore = FEMININE.filter((w) => mentions(text, [w])).length;
  const masculineScore = MASCULINE.filter((w) => mentions(text, [w])).length;
  // The sex the text gives (its pronouns, titles and names) decides; else the description's words;
  // a character whose sex nothing tells is drawn neither as a man nor as a woman.
  const presentation =
    character.gender === 'female'
      ? 'feminine'
      : character.gender === 'male'
        ? 'masculine'
        : feminineScore > masculineScore
          ? 'feminine'
          : masculineScore > feminineScore
            ? 'masculine'
            : 'neutral';

  const age = ageOf(described);

  const skinWord = SKIN_WORDS.find(([phrases]) => mentions(described, phrases))?.[1];
  const skinIndex = skinWord ?? seeded.skin;

  const bald = mentions(described, ['bald', 'shaved head', 'hairless']);
  const hairName =
    colourFor(described, HAIR_NOUNS, HAIR_COLOURS) ??
    (mentions(described, ['redhead']) ? 'red' : undefined) ??
    (mentions(described, ['blonde', 'blond']) ? 'blonde' : undefined) ??
    (mentions(described, ['brunette']) ? 'brunette' : undefined) ??
    (age === 'elderly' ? 'grey' : undefined);
  const length: HairLength = bald
    ? 'bald'
    : wordBefore(described, HAIR_NOUNS, (w) => w === 'long' || w === 'flowing') ||
        mentions(described, ['braid', 'braids', 'ponytail', 'mane'])
      ? 'long'
      : wordBefore(described, HAIR_NOUNS, (w) => w === 'short' || w === 'cropped') ||
          mentions(described, ['crew cut', 'buzz cut', 'close-cropped'])
        ? 'short'
        : mentions(described, ['shoulder-length', 'bob', 'medium-length'])
          ? 'medium'
          : presentation === 'feminine' && seeded.length === 'short'
            ? 'long'
            : seeded.length;

  const eyeName = colourFor(described, ['eyes', 'eyed', 'gaze'], EYE_COLOURS) ?? seeded.eyes;
  const clothingName = colourFor(described, CLOTHING_NOUNS, CLOTHING_COLOURS) ?? seeded.clothing;
  const garment =
    firstMatch(described, GARMENTS) ??
    (presentation === 'feminine' && seeded.garment === 'coat' ? 'dress' : seeded.garment);

  const beard: Beard =
    presentation === 'feminine' || age === 'child'
      ? 'none'
      : mentions(described, ['clean-shaven', 'beardless'])
        ? 'none'
        : mentions(described, ['beard', 'bearded'])
          ? 'beard'
          : mentions(described, ['moustache', 'mustache', 'moustached'])
            ? 'moustache'
            : mentions(described, ['stubble', 'unshaven', 'stubbled'])
              ? 'stubble'
              : presentation === 'masculine' && age !== 'young' && seeded.beard
                ? 'beard'
                : 'none';

  const build = buildOf(described);
  const heightWord = mentions(described, ['tall', 'towering', 'lanky'])
    ? 1.1
    : mentions(described, [
          'small',
          'diminutive',
          'petite',
          'short and',
          'short man',
          'short woman',
          'short stature',
        ])
      ? 0.9
      : seeded.height;

  return {
    name: character.name,
    ...(being ? { being: being.being } : {}),
    presentation,
    age,
    build,
    height: age === 'child' ? 0.68 : being ? being.height : heightWord,
    skin: being && skinWord === undefined ? being.skin : SKIN_TONES[skinIndex]!,
    hair: {
      colour: hairName ? HAIR_COLOURS[hairName]! : SEED_HAIR[seeded.hair]!,
      colourName: hairName ?? SEED_HAIR_NAMES[seeded.hair]!,
      length,
      curly: mentions(described, ['curly', 'curls', 'wavy', 'afro', 'ringlets']) || (!bald && seeded.curly),
      bun:
        mentions(described, ['bun', 'topknot']) ||
        (length === 'long' && presentation === 'feminine' && seeded.bun),
    },
    eyes: { colour: EYE_COLOURS[eyeName]!, colourName: eyeName },
    beard: being ? 'none' : beard,
    glasses:
      mentions(described, ['glasses', 'spectacles', 'bespectacled', 'monocle', 'pince-nez']) ||
      (!being && seeded.glasses),
    freckles: mentions(described, ['freckles', 'freckled']),
    hat: firstMatch(described, HATS) ?? 'none',
    garment,
    clothing: { colour: CLOTHING_COLOURS[clothingName]!, colourName: clothingName },
    secondary: seeded.secondary,
    accent: seeded.accent,
  };
}

const withArticle = (phrase: string) => `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;

/** "a young woman with long curly red hair, green eyes and a beard, wearing a blue coat and glasses" */
export function describeLook(look: CharacterLook): string {
  const person =
    look.being ??
    (look.age === 'child'
      ? look.presentation === 'feminine'
        ? 'girl'
        : look.presentation === 'masculine'
          ? 'boy'
          : 'child'
      : look.presentation === 'feminine'
        ? 'woman'
        : look.presentation === 'masculine'
          ? 'man'
          : 'person');
  const ageWord = look.age === 'elderly' ? 'elderly ' : look.age === 'young' ? 'young ' : '';
  const buildWord = look.build === 'average' ? '' : `${look.build} `;
  const hair =
    look.hair.length === 'bald'
      ? 'a bald head'
      : `${look.hair.length} ${look.hair.curly ? 'curly ' : ''}${look.hair.colourName} hair${look.hair.bun ? ' in a bun' : ''}`;
  const face = [
    hair,
    `${look.eyes.colourName} eyes`,
    look.beard === 'none'
      ? ''
      : look.beard === 'stubble'
        ? 'stubble'
        : withArticle(`${look.hair.colourName} ${look.beard}`),
    look.freckles ? 'freckles' : '',
  ].filter(Boolean);
  const worn = [
    withArticle(`${look.clothing.colourName} ${look.garment}`),
    look.glasses ? 'glasses' : '',
    look.hat === 'none' ? '' : withArticle(look.hat),
  ].filter(Boolean);
  const skin =
    look.skin === SKIN_TONES[0] || look.skin === SKIN_TONES[1]
      ? 'fair'
      : SKIN_TONES.indexOf(look.skin) >= 5
        ? 'dark'
        : 'medium';
  const noun = `${ageWord}${buildWord}${person}`;
  return `${look.name}, ${withArticle(noun)} with ${skin} skin, ${listJoin(face)}, wearing ${listJoin(worn)}`;
}

export function listJoin(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
