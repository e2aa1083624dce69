/**
 * What the text says a character is and looks like: their sex and age, from the evidence the cast
 * gives (titles, pronouns near the name, first names) together with the words the text uses of
 * them ("his daughter Safie", "Safie, a young girl", "She was nineteen"), and their build, features
 * and clothes ("He was a broad, freckled boy with a crooked nose", "in black armour"). Nothing is
 * guessed: where the text says nothing the description says so, and a character whose sex the
 * text does not give is described in neutral words.
 */
import type { Character, Gender, Mention } from './names';
import { firstNameGender } from './nlp';
import { STOP_WORDS } from '../sentences';
import { joinList, nameInSentence } from '../strings';

export type Age = 'child' | 'young' | 'old';

export interface Persona {
  sex: Gender;
  /** Whether the text shows them to be a person (a title, a first name, "a woman"), not an animal or a thing. */
  human: boolean;
  age?: Age;
  /** Words of build and bearing the text uses of them ("tall", "freckled", "stooped"). */
  build: string[];
  /** Features the text gives them ("salt-stiff red hair", "a crooked nose"), first seen first. */
  looks: string[];
  /** What the text says they wear ("black armour", "a grey wool cap"). */
  clothes: string[];
}

const words = (list: string) => new Set(list.trim().split(/\s+/));
const FEMALE_NOUNS = words(
  'woman women girl lady daughter wife mother sister aunt niece widow maid maiden lass queen princess duchess countess mistress bride heroine actress governess',
);
const MALE_NOUNS = words(
  'man men boy gentleman son husband father brother uncle nephew widower lad fellow king prince duke count bridegroom hero actor',
);
const YOUNG_NOUNS = words('lad lass maid maiden youth');
/** A girl or a boy is described as one, whatever their age. */
const CHILD_NOUNS = words('child infant baby girl boy');
const PERSON_NOUNS = [...FEMALE_NOUNS, ...MALE_NOUNS, 'child', 'youth', 'infant', 'baby'].join('|');
const KIN =
  'daughter|son|wife|husband|sister|brother|mother|father|niece|nephew|aunt|uncle|widow|grandmother|grandfather|bride';
/** Words of build and bearing; other adjectives near a name ("cold", "clever") are character, not looks. */
const BUILD = words(`
  tall short broad thin stout fat plump slender slight small wiry freckled pale dark fair handsome beautiful pretty
  lovely plain ugly elegant graceful stooped bent gaunt bald bearded wrinkled sunburnt tanned muscular lean lanky
  hunched frail robust sturdy delicate burly stocky massive tiny huge big large heavy portly swarthy ruddy
  broad-shouldered white-haired grey-haired gray-haired red-haired dark-haired fair-haired golden-haired
`);
const FEATURES =
  'hair|eyes|face|complexion|beard|moustache|mustache|whiskers|skin|cheeks|lips|brow|forehead|countenance|features|figure|shoulders|hands|nose|mouth|teeth|limbs|frame|scar|freckles|curls';
const CLOTHES =
  'dress|gown|coat|cloak|hat|bonnet|uniform|robe|robes|veil|boots|shawl|apron|cap|jacket|waistcoat|trousers|frock|habit|mantle|tunic|spectacles|armour|armor|suit|cassock|livery';
/** A describing word: not a word like "in", "their" or "of" ("wedding-cake in their hands" describes no one). */
const ADJECTIVE = String.raw`(?!(?:${[...STOP_WORDS].join('|')})\b)[\p{Ll}][\p{Ll}-]+`;
const DESCRIBED = String.raw`(?:${ADJECTIVE},?\s+(?:and\s+)?){1,3}`;
const OLD_WORDS = /\b(?:old|elderly|aged|ancient|grey-haired|gray-haired|white-haired|venerable)\b/;
const YOUNG_WORDS = /\b(?:young|youthful|little)\b/;
const NUMBERS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const NUMBER_VALUES = new Map(NUMBERS.split('|').map((w, i) => [w, i < 20 ? i + 1 : (i - 17) * 10]));
/** "She was nineteen", "a girl of fifteen", "twenty years old". */
const AGE_NUMBER = new RegExp(
  String.raw`(?:^\s+(?:was|is)\s+(?:about\s+|nearly\s+|almost\s+)?(${NUMBERS}|\d{1,2})\b(?=\s+years?\s+old|\s*[,.;]|\s+and\b)|\b(?:a|an)\s+(?:[\p{L}-]+\s+){0,2}?(?:${PERSON_NOUNS})\s+of\s+(?:about\s+)?(${NUMBERS}|\d{1,2})\b|\b(${NUMBERS}|\d{1,2})\s+years?\s+old\b)`,
  'u',
);
/** Titles only people have. */
const HUMAN_TITLES = words(
  'mr mrs miss ms dr doctor sir lady lord madam madame captain professor inspector mister master aunt uncle king queen prince princess colonel major count countess duke duchess',
);
const ADULT_TITLES = words(
  'mr mrs ms dr doctor sir lady lord madam madame captain professor inspector colonel major',
);
const MAX_LOOKS = 4;
const MAX_MENTIONS = 120;

interface Tally {
  female: number;
  male: number;
  human: boolean;
  adult: boolean;
  ages: Age[];
  build: string[];
  looks: string[];
  clothes: string[];
}

/** A character's sex, age, build, features and clothes from the text around their mentions. */
export function personaOf(character: Character, text: string, mentions: readonly Mention[]): Persona {
  const tally: Tally = {
    female: character.gender === 'female' ? 3 : 0,
    male: character.gender === 'male' ? 3 : 0,
    human: HUMAN_TITLES.has(character.title),
    adult: ADULT_TITLES.has(character.title),
    ages: [],
    build: [],
    looks: [],
    clothes: [],
  };
  const own = mentions.filter((m) => m.character === character).slice(0, MAX_MENTIONS);
  for (const mention of own) {
    const before = text.slice(Math.max(0, mention.start - 60), mention.start);
    const sentenceEnd = text.slice(mention.end, mention.end + 300).search(/[.!?]["”’]?\s/);
    const stop = sentenceEnd < 0 ? mention.end + 300 : mention.end + sentenceEnd + 1;
    kinship(before, tally);
    describedAs(text.slice(mention.end, stop), tally, true);
    // "Orrin was crouched by the fire. He was a broad, freckled boy…": the next sentence, about them —
    // unless their sentence is about another of their sex ("She was a very pretty girl, and her beauty
    // was of a sort which Emma admired. She was short, plump…" is Harriet).
    // Nor when their sentence brings in someone new after them ("I turned, expecting to see Dr. Mortimer,
    // but it was a stranger who was pursuing me. He was a small, slim…" is the stranger).
    const next = /^\s*(?:["“])?(He|She)\b([^.!?]{0,300})/.exec(text.slice(stop, stop + 320));
    if (
      next &&
      pronounFits(next[1]!, character, tally) &&
      !aboutAnother(text, mention.start, next[1]!) &&
      !NEWCOMER.test(text.slice(mention.end, stop))
    )
      describedAs(next[2]!, tally, false);
  }
  if (firstNameGender(character.aliases.find((a) => a.includes(' ')) ?? character.name) !== 'unknown')
    tally.human = true;
  const sex: Gender =
    tally.female >= 2 && tally.female > tally.male * 1.5
      ? 'female'
      : tally.male >= 2 && tally.male > tally.female * 1.5
        ? 'male'
        : 'unknown';
  return {
    sex,
    human: tally.human,
    age: settleAge(tally.ages),
    build: distinct(tally.build).slice(0, 3),
    looks: distinct(tally.looks).slice(0, MAX_LOOKS),
    clothes: distinct(tally.clothes).slice(0, 2),
  };
}

/** Someone brought into a sentence by "a" or "an": "a stranger", "a tall man", "an old woman". */
const NEWCOMER =
  /\b(?:a|an)\s+(?:[\p{L}-]+,?\s+){0,2}(?:stranger|man|woman|girl|boy|gentleman|lady|fellow|person|figure|child|youth)\b/iu;

/** Whether the sentence before a mention already speaks of someone as "she"/"her" (or "he"/"his"). */
function aboutAnother(text: string, at: number, pronoun: string): boolean {
  const head = text.slice(Math.max(0, at - 300), at);
  const start = Math.max(head.search(/[^.!?]*$/), head.lastIndexOf('\n\n') + 1);
  const words = pronoun === 'She' ? /\b(?:she|her|hers|herself)\b/i : /\b(?:he|him|his|himself)\b/i;
  return words.test(head.slice(start));
}

/** A follow-up "He …" or "She …" is about the character when that is what the text calls them. */
function pronounFits(pronoun: string, character: Character, tally: Tally): boolean {
  const sex = tally.female > tally.male ? 'female' : tally.male > tally.female ? 'male' : character.gender;
  return (pronoun === 'She' && sex === 'female') || (pronoun === 'He' && sex === 'male');
}

/** "his daughter Safie", "the old man Brannigan". */
function kinship(before: string, tally: Tally) {
  const kin = new RegExp(
    String.raw`\b(?:his|her|their|my|our|the)\s+((?:[\p{L}-]+\s+){0,2}?)(${KIN}|${PERSON_NOUNS}),?\s+$`,
    'u',
  ).exec(before);
  if (kin) noun(kin[2]!, kin[1]!.toLowerCase(), tally);
}

/**
 * What follows a name (or a "He"/"She" about them) that describes them: an appositive ("Safie, a
 * young girl"), a predicate ("was a tall, cold man", "was ancient and stooped", "was nineteen"),
 * features ("with a white beard") and clothes ("in black armour").
 */
function describedAs(after: string, tally: Tally, named: boolean) {
  const appositive = named
    ? new RegExp(String.raw`^,\s+(?:a|an|the)\s+((?:[\p{L}-]+,?\s+){0,3}?)(${PERSON_NOUNS})\b`, 'u').exec(
        after,
      )
    : null;
  if (appositive) noun(appositive[2]!, appositive[1]!.toLowerCase(), tally);
  const predicate = new RegExp(
    String.raw`^\s+(?:was|is|seemed|looked|became|remained)\s+(?:a|an)\s+((?:[\p{L}-]+,?\s+){0,3}?)(${PERSON_NOUNS})\b`,
    'u',
  ).exec(after);
  if (predicate) noun(predicate[2]!, predicate[1]!.toLowerCase(), tally);
  const state = new RegExp(
    String.raw`^\s+(?:was|is|seemed|looked)\s+((?:${ADJECTIVE},?\s+(?:and\s+)?){1,4})`,
    'u',
  ).exec(after);
  if (state && !predicate) adjectives(state[1]!, tally);
  const age = AGE_NUMBER.exec(after.slice(0, 120));
  const years = age?.[1] ?? age?.[2] ?? age?.[3];
  if (years) tally.ages.push(ageOfYears(years));
  // Only the clause that goes on about them: up to the next name or a new subject. After a possessive
  // ("Barrymore, Sir Charles's butler, is a man with a full, black beard") only what is theirs ("Anne's dark
  // eyes"): the rest is about the one they own.
  const possessive = /^['’]s\s/.test(after);
  const clause = after.slice(0, 200).split(/;|\s(?:but|while|when)\s/)[0]!;
  // "with dark eyes and black hair": each feature of the list after "with".
  const feature = new RegExp(
    String.raw`(?:^['’]s\s+|\bwith\s+(?:a\s+|an\s+)?)(${DESCRIBED}(?:${FEATURES}))\b((?:,?\s+and\s+(?:a\s+|an\s+)?${DESCRIBED}(?:${FEATURES})\b)*)`,
    'gu',
  );
  const more = new RegExp(String.raw`(${DESCRIBED}(?:${FEATURES}))\b`, 'gu');
  for (const m of clause.matchAll(feature)) {
    if (possessive && m.index !== 0) continue;
    tally.looks.push(tidy(m[1]!));
    for (const next of (m[2] ?? '').matchAll(more)) tally.looks.push(tidy(next[1]!.replace(/^and\s+/, '')));
  }
  const worn = new RegExp(
    String.raw`(?:^['’]s\s+|\b(?:in|wearing|dressed\s+in)\s+(?:a\s+|an\s+|his\s+|her\s+)?)(${DESCRIBED}(?:${CLOTHES}))\b`,
    'gu',
  );
  for (const m of clause.matchAll(worn)) if (!possessive || m.index === 0) tally.clothes.push(tidy(m[1]!));
}

function noun(word: string, describing: string, tally: Tally) {
  if (FEMALE_NOUNS.has(word)) tally.female += 2;
  if (MALE_NOUNS.has(word)) tally.male += 2;
  tally.human = true;
  // "Mrs." and "Mr." are grown-ups whatever the text calls them.
  if (CHILD_NOUNS.has(word) && !tally.adult) tally.ages.push('child');
  else if (YOUNG_NOUNS.has(word)) tally.ages.push('young');
  adjectives(describing, tally);
}

function adjectives(list: string, tally: Tally) {
  for (const word of list.toLowerCase().split(/[\s,]+/)) {
    if (BUILD.has(word)) tally.build.push(word);
    if (OLD_WORDS.test(word)) tally.ages.push('old');
    else if (YOUNG_WORDS.test(word) && word !== 'little') tally.ages.push('young');
  }
}

function tidy(phrase: string): string {
  return phrase.replace(/\s+/g, ' ').replace(/,\s*$/, '').trim();
}

function ageOfYears(word: string): Age {
  const years = NUMBER_VALUES.get(word) ?? Number(word);
  if (years < 13) return 'child';
  return years >= 60 ? 'old' : 'young';
}

function settleAge(ages: readonly Age[]): Age | undefined {
  if (ages.length === 0) return undefined;
  const counts = new Map<Age, number>();
  for (const age of ages) counts.set(age, (counts.get(age) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function distinct(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((item) => !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
}

/**
 * "A small, wiry young woman with salt-stiff red hair, in a grey wool cap." — or, when the text
 * says nothing of them, words that say so without inventing anything.
 */
export function describePersona(name: string, persona: Persona, plural = false): string {
  const who = personWord(persona);
  const build = persona.build.filter((b) => !(persona.age && who?.includes(b)));
  const features = persona.looks.map(withArticle);
  const withFeatures = features.length ? ` with ${joinList(features)}` : '';
  const dressed = persona.clothes.length ? `, in ${joinList(persona.clothes.map(withArticle))}` : '';
  if (!who && !build.length && !withFeatures && !dressed)
    return `The book does not say what ${nameInSentence(name)} ${plural ? 'look' : 'looks'} like.`;
  if (!who) {
    // "A figure with worldly hands", never a bare "With worldly hands."
    const described = [build.join(', '), withFeatures.trim(), dressed.replace(/^, /, '')].filter(Boolean);
    const lead = build.length ? '' : plural ? 'Figures ' : 'A figure ';
    return `${capitalised(`${lead}${described.join(', ')}`)}.`;
  }
  const phrase = [build.join(', '), who].filter(Boolean).join(' ');
  if (!withFeatures && !dressed) {
    const pronoun = persona.sex === 'female' ? 'she' : persona.sex === 'male' ? 'he' : 'they';
    const verb = pronoun === 'they' ? 'look' : 'looks';
    // "A woman" alone, of a girl whose age the text never gives, would make her grown: say only that the
    // book says little.
    if (!persona.age && !build.length) return `The book says little of how ${pronoun} ${verb}.`;
    return `${capitalised(withArticle(phrase))}; the book says little more of how ${pronoun} ${verb}.`;
  }
  return `${capitalised(withArticle(phrase))}${withFeatures}${dressed}.`;
}

/** "young woman", "old man", "girl", "child", "man"; undefined when the text says neither sex nor age. */
export function personWord(persona: Pick<Persona, 'sex' | 'age' | 'human'>): string | undefined {
  // Pronouns alone do not make a person: a dog is "he" too.
  if (!persona.human) return persona.age === 'child' ? 'child' : undefined;
  if (persona.age === 'child')
    return persona.sex === 'female' ? 'girl' : persona.sex === 'male' ? 'boy' : 'child';
  const noun = persona.sex === 'female' ? 'woman' : persona.sex === 'male' ? 'man' : 'person';
  if (persona.age === 'young') return `young ${noun}`;
  if (persona.age === 'old') return `old ${noun}`;
  return persona.sex === 'unknown' ? undefined : noun;
}

function withArticle(phrase: string): string {
  if (/^(?:a|an|the)\s/i.test(phrase)) return phrase;
  const last = phrase.split(/\s+/).at(-1)!;
  // Plurals and stuff nouns take no article: "red hair", "black armour", "grey eyes".
  if (/(?:s|hair|armour|armor|skin|complexion|whiskers)$/.test(last) && !/ss$/.test(last)) return phrase;
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
