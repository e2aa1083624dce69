import type { Genre, LearningCategory } from '../../contracts/books';
import { wordSet } from './text-tools';

/**
 * Cheap keyword scoring for proposals the user can change: the book's language, and a learning
 * category or entertainment genre. Each returns its fallback ('en' or null) when the signal is weak.
 */

const LANGUAGE_SAMPLE_CHARS = 20_000;
const TOPIC_SAMPLE_CHARS = 200_000;

const STOP_WORDS: Record<string, Set<string>> = {
  en: wordSet(`the and of to is in that it was he she with for his her you not but this they have had be at are
    what said were would there`),
  es: wordSet(`el la de que y en los las del se por un una con no su para es al lo como más pero sus le ya fue este
    ha sí porque esta cuando muy sin sobre también dijo era había`),
  fr: wordSet(`le la les de des et est un une du en que qui dans pour pas au il elle ne se sur avec ce plus son sa
    mais nous vous je était dit aux cette avait`),
  de: wordSet(`der die das und ist nicht ein eine zu den mit sich des auf für im dem von sie es ich er war auch als
    wie aber nach wird hat noch sagte einen dass`),
  it: wordSet(`il lo la di che e è un una per non con sono gli le del della nel si ma come anche più questo era ha
    alla dei mi disse aveva nella`),
  pt: wordSet(`o a os as de que e do da em um uma não para com se na no por mais dos das como mas foi ao ele ela é
    são você também disse tinha muito`),
  nl: wordSet(`de het een en van is dat op te in niet zijn met voor hij zij maar er ook als aan door dan was bij naar
    wat wordt ik je zei heeft werd`),
};

const CATEGORY_KEYWORDS: Record<LearningCategory, Set<string>> = {
  programming: wordSet(`code function functions variable variables javascript python typescript java algorithm
    algorithms compiler software programming program api database loop debugging syntax array string class
    object runtime git server developer framework sql html css`),
  science:
    wordSet(`physics chemistry biology energy atom atoms molecule molecules experiment experiments hypothesis
    theory cell cells evolution quantum particle particles species organism electron gravity scientific
    scientists laboratory reaction dna protein genes`),
  business:
    wordSet(`market markets customer customers revenue company companies management strategy sales profit
    profits investment investors startup leadership finance financial business marketing growth competitors
    entrepreneur employees budget brand negotiation`),
  design:
    wordSet(`design designer designers typography color colour layout interface visual font fonts grid sketch
    prototype prototypes ux ui usability whitespace contrast composition palette wireframe wireframes aesthetic
    illustration`),
  language:
    wordSet(`grammar vocabulary verb verbs noun nouns pronunciation tense tenses conjugation phrase phrases
    fluency adjective adjectives adverb syllable accent dialect spelling idiom idioms plural singular translation
    learners`),
};

const GENRE_KEYWORDS: Record<Genre, Set<string>> = {
  fantasy:
    wordSet(`magic magical wizard wizards dragon dragons sword spell spells kingdom elf elves sorcerer sorceress
    quest enchanted prophecy castle realm witch dwarf goblin throne mage rune runes`),
  mystery:
    wordSet(`detective murder murdered clue clues suspect suspects investigation inspector alibi crime victim
    mystery police evidence witness culprit sleuth motive corpse poison poisoned`),
  romance: wordSet(`love loved heart kiss kissed wedding passion romance romantic darling lover desire embrace
    embraced marry married engagement blushed longing beloved sweetheart`),
  scifi:
    wordSet(`planet planets space alien aliens robot robots galaxy laser starship spaceship android androids
    orbit colony quantum asteroid cyborg hyperspace interstellar spacecraft reactor station`),
  adventure:
    wordSet(`journey island treasure explore explored jungle expedition map voyage captain pirate pirates
    mountain mountains desert ship sail sailed raft cave canyon wilderness`),
  thriller:
    wordSet(`gun guns agent agents killer bomb chase danger conspiracy spy hostage assassin threat escape
    terrorist cia fbi sniper target kidnapped deadline explosion`),
};

function tokenize(text: string, limit: number): string[] {
  return (
    text
      .slice(0, limit)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  );
}

interface Score<K> {
  key: K;
  hits: number;
  /** Different keywords seen: "market square" twenty times is not a business book. */
  distinct: number;
}

/** Keyword hits per key, best first. */
function rank<K extends string>(tokens: readonly string[], lists: Record<K, Set<string>>): Score<K>[] {
  return (Object.keys(lists) as K[])
    .map((key) => {
      const seen = new Set<string>();
      let hits = 0;
      for (const token of tokens) {
        if (lists[key].has(token)) {
          hits++;
          seen.add(token);
        }
      }
      return { key, hits, distinct: seen.size };
    })
    .sort((a, b) => b.hits - a.hits);
}

/** The best key when it clearly wins: enough varied hits, dense enough, and well ahead of the runner-up. */
function clearWinner<K extends string>(ranked: Score<K>[], tokenCount: number): K | null {
  const [best, second] = ranked;
  if (!best || best.hits < 5 || best.distinct < 3 || (best.hits * 1000) / Math.max(1, tokenCount) < 3)
    return null;
  if (second && best.hits < second.hits * 1.5) return null;
  return best.key;
}

/** ISO 639-1 code among en, es, fr, de, it, pt, nl; 'en' when unsure. */
export function detectLanguage(text: string): string {
  const [best, second] = rank(tokenize(text, LANGUAGE_SAMPLE_CHARS), STOP_WORDS);
  if (!best || best.hits < 3 || (second && best.hits < second.hits * 1.2)) return 'en';
  return best.key;
}

export function proposeCategory(text: string): LearningCategory | null {
  const tokens = tokenize(text, TOPIC_SAMPLE_CHARS);
  return clearWinner(rank(tokens, CATEGORY_KEYWORDS), tokens.length);
}

export function proposeGenre(text: string): Genre | null {
  const tokens = tokenize(text, TOPIC_SAMPLE_CHARS);
  return clearWinner(rank(tokens, GENRE_KEYWORDS), tokens.length);
}
