/**
 * A book's genre from what its words are about, measured against ordinary fiction: each genre's
 * vocabulary is counted per 10 000 words and divided by how often that vocabulary turns up in
 * novels of any kind (love and family are everywhere; vampires, detectives and time machines are
 * not). A genre counts when the book uses its words at least twice as often as usual; a close
 * second genre is named too ("Horror, science fiction"). Talking animals ("said the Rabbit") are
 * counted as fantasy. A book that stands out in no genre is a drama, or a romance or comedy of
 * manners when it leans that way.
 */
import { escapeRegExp } from '../strings';

interface GenreVocabulary {
  name: string;
  words: ReadonlySet<string>;
  /** Words per 10 000 of this vocabulary in ordinary fiction. */
  usual: number;
}

const vocabulary = (name: string, usual: number, list: string): GenreVocabulary => ({
  name,
  usual,
  words: new Set(list.trim().split(/\s+/)),
});

const HORROR = vocabulary(
  'Horror',
  15,
  `vampire vampires undead blood bloody corpse corpses coffin coffins tomb tombs grave graves graveyard churchyard
   crypt horror horrors horrible horrid terror dread fiend fiends fiendish demon demons daemon monster monsters
   monstrous wretch shriek shrieked scream screamed ghastly hideous nightmare devil devilish diabolical unholy
   werewolf wolves garlic crucifix murderer despair agony misery wretched`,
);
const GHOST = vocabulary(
  'Ghost story',
  2,
  'ghost ghosts phantom phantoms apparition apparitions spectre spectres specter spectral haunted wraith supernatural',
);
const FANTASY = vocabulary(
  'Fantasy',
  3,
  `magic magical wizard wizards witch witches enchanted enchantment fairy fairies spell spells dragon dragons elf
   elves giant giants dwarf dwarfs goblin goblins kingdom wonderland sorcerer sorceress talisman`,
);
const SCIENCE = vocabulary(
  'Science fiction',
  4,
  `machine machines experiment experiments experimental scientific science scientist laboratory invention inventor
   apparatus electricity chemical chemistry chemist galvanism invisible future dimension dimensions planet planets
   robot mechanism theory`,
);
const MYSTERY = vocabulary(
  'Mystery',
  5,
  `detective inspector clue clues crime crimes criminal criminals murder murdered murderer police constable evidence
   suspect suspects suspected suspicion investigation investigate deduce deduction alibi footprints footmarks locked
   witness witnesses victim poison poisoned motive inquest`,
);
const ADVENTURE = vocabulary(
  'Adventure',
  8,
  `ship ships sail sails sailed sailing treasure island pirate pirates crew voyage cutlass schooner musket muskets
   expedition jungle anchor stockade mutiny shore boat boats`,
);
const ROMANCE = vocabulary(
  'Romance',
  15,
  `love loved lover lovers marriage marry married engagement engaged suitor courtship proposal propose proposed
   affection attachment wedding admirer flirt flirtation beloved`,
);
const MANNERS = vocabulary(
  'Comedy of manners',
  15,
  'ball party visit visits acquaintance neighbourhood neighborhood dinner gentleman gentlemen manners civil civility agreeable',
);
const DOMESTIC = vocabulary(
  'Drama',
  35,
  'mother father sister sisters brother home family school girls boys children christmas baby',
);
const CRIME = vocabulary(
  'Crime',
  1.5,
  'thief thieves workhouse gallows robbery robbed rob pickpocket prison magistrate jail',
);

/** The words of detection itself, which a mystery has and a tale of a murder and a trial need not. */
const DETECTION = new Set(
  `detective detectives inspector clue clues deduce deduction deductions alibi police policeman constable
   investigation investigate footprints footmarks suspect suspects`.split(/\s+/),
);
/** Detection words per 10 000 below which a book's mystery words count half. */
const DETECTION_RATE = 3;

const GENRES = [HORROR, GHOST, FANTASY, SCIENCE, MYSTERY, ADVENTURE, ROMANCE, MANNERS, DOMESTIC, CRIME];

const ANIMALS =
  'rabbit|cat|mouse|mice|dormouse|caterpillar|turtle|gryphon|lion|tiger|bear|wolf|fox|dog|hare|duck|eagle|eaglet|owl|crow|raven|frog|pig|goose|horse|mole|rat|toad|badger|lizard|pigeon|crab|lobster|stork|monkey|elephant|snake|beetle|spider|bird|fish|sheep|cow|bull|goat|donkey|hen|parrot|squirrel|tortoise|beaver|deer|stag|dodo|lory|kitten|puppy';
const SPEECH =
  'said|cried|asked|replied|exclaimed|remarked|continued|added|thought|shouted|whispered|growled|answered|called';
/** "said the Rabbit", "the Lion answered": animals that talk. */
const TALKING_ANIMAL = new RegExp(
  `\\b(?:(?:${SPEECH})\\s+the\\s+(?:\\p{L}+\\s+)?(?:${ANIMALS})\\b|the\\s+(?:\\p{L}+\\s+)?(?:${ANIMALS})\\s+(?:${SPEECH})\\b)`,
  'giu',
);
/** How many talking-animal tags per 10 000 words count as one unit of fantasy. */
const ANIMALS_PER_FANTASY_UNIT = 2;

/** Fewer words of a genre than this never make it stand out, however short the text. */
const MIN_HITS = 3;
/** Genres at or above this many times their usual rate stand out. */
const STANDS_OUT = 2;
/** A second genre is named when it stands out and reaches this share of the first. */
const SECOND_SHARE = 0.4;
/** Below standing out, a book leaning this far towards romance or manners is still one. */
const LEANS = 1.4;

/** How many times its usual rate the text uses each genre's words. */
export function genreRatios(text: string): Map<GenreVocabulary, number> {
  const tokens = text.match(/\p{L}+/gu) ?? [];
  const words = Math.max(tokens.length, 1);
  const counts = new Map<GenreVocabulary, number>(GENRES.map((g) => [g, 0]));
  for (const token of tokens) {
    const lower = token.toLowerCase();
    for (const genre of GENRES) if (genre.words.has(lower)) counts.set(genre, counts.get(genre)! + 1);
    // "the Spirit" of a ghost story; "in good spirits" is not one.
    if (token === 'Spirit' || token === 'Spirits') counts.set(GHOST, counts.get(GHOST)! + 1);
  }
  counts.set(SCIENCE, counts.get(SCIENCE)! + countPhrase(text, 'natural philosophy'));
  const ratios = new Map<GenreVocabulary, number>();
  for (const genre of GENRES) {
    const hits = counts.get(genre)!;
    const expected = (genre.usual * words) / 10_000;
    // A handful of words in a short text ("engaged", "proposed" and "affection" in a chapter about a
    // walk) is no genre: the count must stand clear of what chance gives ordinary fiction.
    const clear = hits >= MIN_HITS && hits >= expected + 2 * Math.sqrt(expected) + 1;
    ratios.set(genre, clear ? (hits * 10_000) / words / genre.usual : 0);
  }
  // A trial and a murder without anyone detecting (Justine's in "Frankenstein") make no mystery: its
  // words count half unless the book has its detectives, clues and police.
  const detecting = tokens.filter((t) => DETECTION.has(t.toLowerCase())).length;
  if ((detecting * 10_000) / words < DETECTION_RATE) ratios.set(MYSTERY, ratios.get(MYSTERY)! / 2);
  const animals = ((text.match(TALKING_ANIMAL)?.length ?? 0) * 10_000) / words;
  ratios.set(FANTASY, ratios.get(FANTASY)! + animals / ANIMALS_PER_FANTASY_UNIT);
  return ratios;
}

/** "Horror, science fiction", "Mystery", "Romance, comedy of manners", "Drama". */
export function detectGenre(text: string): string {
  const ratios = genreRatios(text);
  const ranked = [...ratios.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  const romance = ratios.get(ROMANCE)!;
  const manners = ratios.get(MANNERS)!;
  const society =
    first![0] === ROMANCE || first![0] === MANNERS || first![0] === DOMESTIC || first![1] < STANDS_OUT;
  if (society && romance >= LEANS && manners >= LEANS) return 'Romance, comedy of manners';
  if (first![1] < STANDS_OUT) {
    if (romance >= LEANS && romance >= manners) return ROMANCE.name;
    if (manners >= LEANS + 0.3) return MANNERS.name;
    return DOMESTIC.name;
  }
  const also =
    second && second[1] >= STANDS_OUT && second[1] >= first![1] * SECOND_SHARE ? second[0] : undefined;
  return also ? `${first![0].name}, ${also.name.toLowerCase()}` : first![0].name;
}

function countPhrase(text: string, phrase: string): number {
  return text.match(new RegExp(`\\b${escapeRegExp(phrase)}\\b`, 'gi'))?.length ?? 0;
}
