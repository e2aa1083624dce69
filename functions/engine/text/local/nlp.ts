/**
 * The small part of `compromise` the engine uses, behind typed functions. compromise tags about
 * 150 KB of text per second, so callers feed it single sentences or names, never whole chapters.
 */
import nlp from 'compromise';

export interface TaggedWord {
  text: string;
  /** Punctuation and spaces before and after the word, as in the source. */
  pre: string;
  post: string;
  tags: ReadonlySet<string>;
}

interface VerbMethods {
  toInfinitive(word: string, model: unknown, tense?: string): string;
  conjugate(
    infinitive: string,
    model: unknown,
  ): Partial<Record<'PresentTense' | 'PastTense' | 'Infinitive' | 'Gerund', string>>;
}

interface CompromiseWorld {
  model: unknown;
  methods: { two: { transform: { verb: VerbMethods } } };
}

const world = nlp.world() as unknown as CompromiseWorld;
const verbMethods = world.methods.two.transform.verb;

/** Words of a sentence with their part-of-speech tags. */
export function tagWords(sentence: string): TaggedWord[] {
  const doc = nlp(sentence);
  return doc.document.flat().map((term) => ({
    text: term.text,
    pre: term.pre,
    post: term.post,
    tags: term.tags ?? new Set<string>(),
  }));
}

const nameTags = new Map<string, ReadonlySet<string>>();
const MAX_CACHED_NAMES = 5000;

/** Tags compromise gives a name on its own (its lexicon knows common first names and places). */
function tagsOfName(name: string): ReadonlySet<string> {
  const cached = nameTags.get(name);
  if (cached) return cached;
  const tags = new Set<string>();
  for (const word of tagWords(name)) for (const tag of word.tags) tags.add(tag);
  if (nameTags.size >= MAX_CACHED_NAMES) nameTags.clear();
  nameTags.set(name, tags);
  return tags;
}

export function isKnownPersonName(name: string): boolean {
  const tags = tagsOfName(name);
  return tags.has('Person') || tags.has('FirstName');
}

/** Whether a word is an adverb or a word of grammar ("Presently", "Meanwhile", "Though"), never a name. */
export function isGrammarWord(word: string): boolean {
  const tags = tagsOfName(word.toLowerCase());
  if (tags.has('Person') || tags.has('FirstName')) return false;
  return ['Adverb', 'Conjunction', 'Preposition', 'Determiner', 'Pronoun'].some((t) => tags.has(t));
}

export function isKnownPlaceName(name: string): boolean {
  return tagsOfName(name).has('Place');
}

export function firstNameGender(name: string): 'female' | 'male' | 'unknown' {
  const first = name.split(/\s+/)[0] ?? '';
  const tags = tagsOfName(first);
  if (tags.has('FemaleName') && !tags.has('MaleName')) return 'female';
  if (tags.has('MaleName') && !tags.has('FemaleName')) return 'male';
  return 'unknown';
}

/** The base form of a verb ("stood" → "stand"). */
export function infinitive(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === 'was' || lower === 'were') return 'be';
  return verbMethods.toInfinitive(lower, world.model, 'PastTense') || lower;
}

const AUXILIARIES = new Set([
  'had',
  'has',
  'have',
  'was',
  'were',
  'been',
  'be',
  'being',
  'is',
  'are',
  'did',
  'would',
  'could',
  'should',
  'might',
  'must',
  'will',
  'to',
]);
const CLAUSE_STARTERS = new Set([
  'and',
  'but',
  'while',
  'when',
  'as',
  'because',
  'until',
  'so',
  'then',
  'where',
  'before',
  'after',
  'or',
]);
const SUBJECT_PRONOUNS = new Set(['he', 'she', 'it', 'they', 'we', 'i', 'you']);
const PLURAL_SUBJECTS = new Set(['they', 'we', 'you', 'i', 'both', 'all', 'these', 'those']);

/**
 * Narration in the past tense rewritten in the present, as script action is written. Only the
 * verb that follows a subject changes ("Nell turned and laughed" → "Nell turns and laughs");
 * participles used as adjectives ("an upturned crate", "hair tied back") and quotes stay as written.
 */
const NAMING_PARTICIPLES = new Set(['named', 'called', 'nicknamed', 'dubbed', 'christened', 'titled']);

export function toPresentTense(sentence: string, tagged?: readonly TaggedWord[]): string {
  const words = tagged ?? tagWords(sentence);
  let inQuote = false;
  let hasSubject = false;
  let plural = false;
  let verbAllowed = false;
  const out: string[] = [];
  words.forEach((word, i) => {
    if ((word.pre.match(/["“”]/g) ?? []).length % 2 === 1) inQuote = !inQuote;
    const lower = word.text.toLowerCase();
    const previous = words[i - 1];
    let text = word.text;
    if (CLAUSE_STARTERS.has(lower)) {
      // "turned and laughed": a verb after "and" shares the subject unless a new one follows.
      verbAllowed = hasSubject;
    } else if (word.tags.has('Preposition')) {
      verbAllowed = false;
    } else if (
      SUBJECT_PRONOUNS.has(lower) ||
      (isNominal(word) && (word.tags.has('ProperNoun') || verbAllowed || !hasSubject))
    ) {
      const joined = previous?.text.toLowerCase() === 'and' && isNominal(words[i - 2]);
      plural = joined || PLURAL_SUBJECTS.has(lower) || word.tags.has('Plural');
      hasSubject = true;
      verbAllowed = true;
    } else if (word.tags.has('Verb')) {
      // "was already crouched", "lay curled": the second verb is a participle, not a past tense.
      const head = lastNonAdverb(words, i);
      const afterAuxiliary =
        AUXILIARIES.has(head?.text.toLowerCase() ?? '') || (head !== undefined && head.tags.has('Verb'));
      const afterSubject = isNominal(previous) || SUBJECT_PRONOUNS.has(previous?.text.toLowerCase() ?? '');
      // "a man named Joe", "a dog called Rex": a participle that gives a name stays as it is.
      const naming = NAMING_PARTICIPLES.has(lower) && /^[A-Z]/.test(words[i + 1]?.text ?? '');
      if (
        verbAllowed &&
        !inQuote &&
        !afterAuxiliary &&
        !naming &&
        isPastForm(word, lower, plural, afterSubject)
      ) {
        text = matchCase(word.text, presentForm(lower, plural));
      }
      if (!word.tags.has('Auxiliary') && !word.tags.has('Adverb')) verbAllowed = false;
    }
    if (/[,;:]/.test(word.post)) verbAllowed = hasSubject;
    if (/[.!?]/.test(word.post)) hasSubject = verbAllowed = false;
    out.push(`${word.pre}${text}${word.post}`);
    if ((word.post.match(/["“”]/g) ?? []).length % 2 === 1) inQuote = !inQuote;
  });
  return out.join('').trim();
}

function lastNonAdverb(words: readonly TaggedWord[], index: number): TaggedWord | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const word = words[i]!;
    if (/[,;:.!?]/.test(word.post)) return undefined;
    if (!word.tags.has('Adverb')) return word;
  }
  return undefined;
}

function isNominal(word: TaggedWord | undefined): boolean {
  return !!word && (word.tags.has('Noun') || word.tags.has('Pronoun')) && !word.tags.has('Possessive');
}

/**
 * compromise tags some past forms as present ("Tamsin drew"), so a word counts as past when its
 * infinitive conjugates back to it; "put" and "cut" only right after a singular subject, where the
 * present would need an -s. Verbs compromise does not know ("buttoned") are left alone.
 */
function isPastForm(word: TaggedWord, lower: string, plural: boolean, afterSubject: boolean): boolean {
  if (lower === 'was' || lower === 'were' || lower === 'had') return true;
  if (word.tags.has('Gerund') || word.tags.has('Participle')) return false;
  const base = infinitive(lower);
  if (verbMethods.conjugate(base, world.model).PastTense !== lower) return false;
  if (base !== lower) return true;
  if (lower.endsWith('ed')) return false;
  return afterSubject && !plural;
}

function presentForm(pastVerb: string, plural: boolean): string {
  if (pastVerb === 'was') return plural ? 'are' : 'is';
  if (pastVerb === 'were') return 'are';
  const base = infinitive(pastVerb);
  if (plural) return base;
  if (base === 'have') return 'has';
  return verbMethods.conjugate(base, world.model).PresentTense ?? pastVerb;
}

function matchCase(original: string, replacement: string): string {
  return /^\p{Lu}/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
}
