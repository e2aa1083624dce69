/**
 * Whether a shortened sentence still reads as a whole statement. Compression drops clauses and
 * phrases; what is left can lose something its main clause needs: the complement of a verb ("I have
 * called this principle."), the "that" of "so … that", the object of a preposition or of a verb of
 * saying or finding ("and found."), the main verb itself (only a relative or subordinate clause is
 * left), or the rest of a list or a conjunct. `incompleteness` names the first such fault, or gives
 * `null` for a whole statement.
 *
 * The checks read the parser's tags only for content words (its tags of function words are not
 * reliable) and closed word lists for the rest, so they hold on prose of any style.
 */
import { tagWords, type TaggedWord } from './nlp';

/** Words that never end a statement: prepositions that need an object, articles, conjunctions. */
const NEVER_LAST = new Set(
  (
    'of for with at to from into upon onto than between among amongst during towards toward unto via ' +
    'the a an every each and or but nor yet ' +
    'which whose whom whence wherein whereby when if because although while whilst unless until whether whereas ' +
    'my your their our its very such would could should shall must might can will may'
  ).split(' '),
);

/** Prepositions that can also close a phrasal verb ("gave up", "looked in"). */
const PARTICLES = new Set(
  'in on up down out off over about around along through by away back aside across past under behind'.split(
    ' ',
  ),
);

/** Words that open a subordinate or relative clause (with their own verb, not the main clause's). */
const SUBORDINATORS = new Set(
  (
    'which who whom whose whence wherein whereby where when whenever if because although though ' +
    'unless until till whereas whether whilst while since once than'
  ).split(' '),
);
/** Opens a clause only when a subject follows ("as I was", "that you had"; not "as a child"). */
const SUBJECT_OPENERS = new Set(['as', 'that', 'before', 'after']);
/** Subordinators that must have a verb in their clause ("that a single man in possession"). */
const NEED_VERB = new Set(
  'that which who whom whose if because although though unless whether whence whereas when'.split(' '),
);

const COORDINATORS = new Set(['and', 'or', 'but', 'nor', 'then']);
const PERSONAL = new Set(['i', 'he', 'she', 'they', 'we', 'you', 'it', 'there']);
const DETERMINERS = new Set(
  'the a an this these those his her its their our my your some any every each no another'.split(' '),
);

/** Verbs of saying proper, by their forms: "He asked with a deep voice" is a tag whose question was cut. */
const SPEECH_FORMS = [
  'sa(?:y|ys|id|ying)',
  'ask(?:s|ed|ing)?',
  'answer(?:s|ed|ing)?',
  'repl(?:y|ies|ied|ying)',
  'remark(?:s|ed|ing)?',
  'add(?:s|ed)',
  'exclaim(?:s|ed|ing)?',
  'whisper(?:s|ed|ing)?',
  'mutter(?:s|ed|ing)?',
  'cr(?:y|ies|ied)',
  'continu(?:e|es|ed)',
];
/** Naming verbs: "called this principle" needs the name. */
const NAMING_FORMS = [
  'call(?:s|ed|ing)?',
  'nam(?:e|es|ed|ing)',
  'term(?:s|ed|ing)?',
  'dub(?:s|bed|bing)?',
  'deem(?:s|ed|ing)?',
];
/** A whole word that is one of `forms` (regular-expression alternatives), in any case. */
const oneOf = (forms: string[]) => new RegExp(`^(?:${forms.join('|')})$`, 'i');

const SPEECH = oneOf(SPEECH_FORMS);
const NAMING = oneOf(NAMING_FORMS);
/**
 * Verbs whose object or complement a statement cannot do without when nothing follows them: verbs
 * of saying (the speech was cut), of naming, finding and considering.
 */
const NEEDS_OBJECT = oneOf([
  ...SPEECH_FORMS,
  ...NAMING_FORMS,
  'tell|tells|told|telling',
  'adding|add',
  'observ(?:e|es|ed|ing)',
  'declar(?:e|es|ed|ing)',
  'explain(?:s|ed|ing)?',
  'began|begin|begins|beginning',
  'continuing',
  'agre(?:e|es|ed)',
  'thought|think|thinks|thinking',
  'wonder(?:s|ed|ing)?',
  'suppos(?:e|es|ed|ing)',
  'consider(?:s|ed|ing)?',
  'f(?:ind|inds|ound|inding)',
  'mak(?:e|es|ing)|made',
  'addressed|address(?:es|ing)?',
]);

interface Word {
  lower: string;
  /** Written with a capital ("Meridel"), for names the parser takes for common nouns. */
  capital: boolean;
  tags: ReadonlySet<string>;
  /** Punctuation right after the word (",", "—"…), without spaces. */
  post: string;
}

const bare = (text: string) => text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

function wordsOf(statement: string): Word[] {
  return tagWords(statement.replace(/[.!?]+$/, ''))
    .map((w: TaggedWord) => ({
      lower: bare(w.text).toLowerCase(),
      capital: /^\p{Lu}/u.test(bare(w.text)),
      tags: w.tags,
      post: w.post.trim(),
    }))
    .filter((w) => w.lower);
}

const isFunctionWord = (w: Word | undefined) =>
  !!w && (DETERMINERS.has(w.lower) || NEVER_LAST.has(w.lower) || SUBORDINATORS.has(w.lower));

const MODALS = /^(?:would|could|should|shall|must|might|can|will|may)$/;

/** Words after which the next one is a noun, not a verb ("the command", "his dress"). */
const ARTICLES = new Set('the a an my your our their its his every each another'.split(' '));

/** A finite verb by its tags: not a gerund, not after "to", not a noun after an article. */
function isFinite(words: Word[], i: number): boolean {
  const w = words[i]!;
  // A participle ("driven back by gales") is finite only with its auxiliary, which counts itself.
  if (w.tags.has('Participle') || /ing$/.test(w.lower)) return false;
  if (!w.tags.has('Verb') || w.tags.has('Hyphenated') || (isFunctionWord(w) && !MODALS.test(w.lower)))
    return false;
  const before = words[i - 1]?.lower;
  if (before === 'to' || before === 'having' || (before && ARTICLES.has(before))) return false;
  return (
    w.tags.has('PastTense') ||
    w.tags.has('Copula') ||
    w.tags.has('Modal') ||
    w.tags.has('Auxiliary') ||
    ((w.tags.has('PresentTense') || w.tags.has('Infinitive')) && !w.tags.has('Gerund'))
  );
}

/**
 * Whether "as", "that", "before", "after" at `i` opens a clause: a subject follows ("as I was", "that
 * the world has seen"), whose verb comes before any other subject ("as a lover he would" is not).
 */
function opensSubjectClause(words: Word[], i: number): boolean {
  const next = words[i + 1];
  if (!next) return false;
  if (PERSONAL.has(next.lower)) return true;
  // "that a single man …", "that the world …": a conjunction, whether or not its verb follows.
  if (words[i]!.lower === 'that' && ARTICLES.has(next.lower)) return true;
  // At the start anything may open the subject ("As more individuals are produced …").
  const subjectLike =
    (i === 0 && words[i]!.lower !== 'that') ||
    DETERMINERS.has(next.lower) ||
    (next.tags.has('Noun') && !next.tags.has('Verb'));
  if (!subjectLike) return false;
  const bareNoun = !DETERMINERS.has(next.lower) && !next.tags.has('ProperNoun');
  for (let k = i + 2; k < Math.min(words.length, i + 8); k++) {
    if (PERSONAL.has(words[k]!.lower)) return false;
    // "That afternoon the rain began", "after midnight Nell climbed": a new subject after a bare noun.
    if (bareNoun && (DETERMINERS.has(words[k]!.lower) || words[k]!.tags.has('ProperNoun'))) return false;
    if (isFinite(words, k)) return true;
    if (boundaryAfter(words[k]!)) return false;
  }
  return false;
}

/** Whether a clause boundary (comma, semicolon, dash, colon) follows the word. */
const boundaryAfter = (w: Word) => /[,;:—–]/.test(w.post);

/**
 * Whether the words have a main clause: a finite verb with something before it (its subject) that
 * is not inside a subordinate or relative clause. In a clause opened by "who"/"which"/"if"…, the
 * first verb group is the clause's own; a second one after other words is the main clause's ("The
 * man who wrote the note is a German").
 */
function mainClauseFault(words: Word[], allowVerbFirst = false): string | null {
  let inClause = false;
  let clauseHasVerb = false;
  let afterClauseVerb = false;
  /** An opener ("that", "which", "if"…) still waiting for its verb. */
  let waiting: string | null = null;
  let main = false;
  let anyVerb = false;
  let previousVerb = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const finite = isFinite(words, i);
    const opens =
      (SUBORDINATORS.has(w.lower) && !(w.lower === 'while' && DETERMINERS.has(words[i - 1]?.lower ?? ''))) ||
      (SUBJECT_OPENERS.has(w.lower) && opensSubjectClause(words, i));
    if (opens) {
      inClause = true;
      clauseHasVerb = false;
      afterClauseVerb = false;
      // "to whom to apply": an infinitive clause needs no finite verb.
      const next = words[i + 1];
      // "which swarm", "who knew": the word right after a relative pronoun is its verb when it is
      // no subject of its own (the parser takes some such verbs for nouns).
      const relativeVerb =
        /^(?:which|who|that)$/.test(w.lower) &&
        !!next &&
        !PERSONAL.has(next.lower) &&
        !DETERMINERS.has(next.lower) &&
        !next.tags.has('Pronoun') &&
        !next.tags.has('Adjective') &&
        !next.tags.has('ProperNoun') &&
        !next.tags.has('Value');
      if (NEED_VERB.has(w.lower) && next?.lower !== 'to' && words[i - 1]?.lower !== 'as' && !relativeVerb)
        waiting ??= w.lower;
    } else if (finite) {
      anyVerb = true;
      waiting = null;
      if (inClause && !clauseHasVerb) clauseHasVerb = true;
      else if (inClause && afterClauseVerb && !previousVerb && !COORDINATORS.has(words[i - 1]?.lower ?? '')) {
        // A second verb group after the clause's own: the main clause resumes.
        inClause = false;
        main = true;
      } else if (!inClause && (i > 0 || allowVerbFirst)) main = true;
    } else if (inClause && clauseHasVerb) afterClauseVerb = true;
    previousVerb = finite || (previousVerb && w.tags.has('Adverb'));
    // A clause ends at a comma once it has its verb ("that this gentleman, your friend, is" goes on),
    // unless a second verb of the same clause follows (", and looked at it", ", and stealing sugar").
    if (boundaryAfter(w) && inClause && clauseHasVerb) {
      const conj = words[i + 1];
      const then = words[i + 2]?.tags.has('Adverb') ? words[i + 3] : words[i + 2];
      const sameClause =
        !!conj &&
        COORDINATORS.has(conj.lower) &&
        !!then &&
        (then.tags.has('Gerund') || (then.tags.has('Verb') && !PERSONAL.has(then.lower)));
      if (!sameClause) inClause = false;
    }
  }
  if (waiting) return `no verb after “${waiting}”`;
  // Only participles and gerunds ("After having been driven back by gales, the ship"): a phrase.
  if (!anyVerb && words.some((w) => w.tags.has('Participle') || w.tags.has('Gerund')))
    return 'no finite verb';
  // No verb at all is not this check's to judge (the compressor asks for one before).
  return main || !anyVerb ? null : 'no main clause';
}

/**
 * The fault that makes a statement incomplete, or `null`. `source` is the sentence it was shortened
 * from, when there is one: a statement that stops where its source went on with the same phrase
 * (a preposition's object, the rest of a list, the "that" of "so … that") is cut mid-phrase.
 */
export function incompleteness(statement: string, source?: string): string | null {
  const words = wordsOf(statement);
  if (words.length < 2) return 'too short';
  const last = words.at(-1)!;
  if (NEVER_LAST.has(last.lower)) return `ends on “${last.lower}”`;
  // "He was a broad.": an article and adjectives with no noun.
  if (last.tags.has('Adjective') && !last.tags.has('Noun')) {
    let i = words.length - 2;
    while (i >= 0 && words[i]!.tags.has('Adjective') && !boundaryAfter(words[i]!)) i--;
    if (i >= 0 && /^(?:a|an|the)$/.test(words[i]!.lower)) return 'an article with no noun';
  }
  // Modal or auxiliary with nothing after it in its clause ("a richness which would, in England").
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!MODALS.test(w.lower) || !boundaryAfter(w)) continue;
    if (!words.slice(i + 1).some((x) => x.tags.has('Verb') && !x.tags.has('Gerund')))
      return `nothing after “${w.lower}”`;
  }

  // A verb of saying, naming or finding with nothing it needs after it: the words were cut off
  // ("and then said, not fiercely", "went on saying to herself", "I have called this principle").
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // The parser takes some "-ing" forms for nouns ("went on saying to herself").
    if (!NEEDS_OBJECT.test(w.lower) || (!w.tags.has('Verb') && !w.lower.endsWith('ing'))) continue;
    const before = words[i - 1];
    // "The rain continued": a common noun before the verb is not a speaker.
    if (
      before &&
      before.tags.has('Noun') &&
      !before.tags.has('Pronoun') &&
      !before.tags.has('ProperNoun') &&
      !before.capital &&
      !PERSONAL.has(before.lower)
    )
      continue;
    // "The paper was made.", "He was never found.": a passive needs no object.
    if (/^(?:is|are|was|were|be|been|being)$/.test(before?.lower ?? '') && !w.lower.endsWith('ing')) continue;
    if (i === 0) continue;
    // "Before she could answer,", "which to address", "I dare say": not a cut-off tag.
    if (before && (MODALS.test(before.lower) || /^(?:to|not|dare|did|do|does)$/.test(before.lower))) continue;
    // ", I think,": a parenthesis.
    if (
      before &&
      PERSONAL.has(before.lower) &&
      words[i - 2] &&
      boundaryAfter(words[i - 2]!) &&
      boundaryAfter(w)
    )
      continue;
    let j = i + 1;
    // What may follow without completing it: adverbs, "to herself", "in her own mind".
    if (!boundaryAfter(w))
      while (j < words.length) {
        const next = words[j]!;
        const after = words[j + 1]?.lower ?? '';
        let skip = 0;
        if (next.lower === 'in' && /^(?:her|his|their|my|our|your)$/.test(after))
          skip = words[j + 2]?.lower === 'own' ? 4 : words[j + 2]?.lower === 'mind' ? 3 : 0;
        else if (next.tags.has('Adverb') && !next.tags.has('Noun') && !/^(?:so|not|then)$/.test(next.lower))
          skip = 1;
        else if (next.lower === 'to' && /(?:self|selves)$|^(?:her|him|them|me|us)$/.test(after)) skip = 2;
        if (!skip) break;
        j += skip;
        if (boundaryAfter(words[Math.min(j, words.length) - 1]!)) break;
      }
    // "and found, as I expected, that there was…": what it needs comes after an aside.
    const later = words.slice(j, j + 8);
    const resumes =
      boundaryAfter(words[j - 1]!) &&
      later.some(
        (x, k) =>
          k > 0 &&
          boundaryAfter(later[k - 1]!) &&
          /^(?:that|how|what|whether|why|where|who|to)$/.test(x.lower),
      );
    const cutOff =
      j >= words.length ||
      (boundaryAfter(words[j - 1]!) && !resumes) ||
      (SPEECH.test(w.lower) && /^(?:with|without)$/.test(words[j]!.lower));
    if (cutOff) return `nothing after “${w.lower}”`;
    // A naming verb with only "this/that …" after it (and perhaps the clause that described it):
    // the name was cut ("I have called this principle, by which … is preserved").
    if (NAMING.test(w.lower) && /^(?:this|that|these|those|such|it)$/.test(words[i + 1]?.lower ?? '')) {
      const rest = words.slice(i + 2);
      const end = rest.findIndex((r) => boundaryAfter(r));
      const nounEnd = end < 0 ? rest.length : end + 1;
      const after = rest.slice(nounEnd);
      // After the describing clause, the name may still come ("call this effect, which …, the paradox").
      const verbAt = after.findIndex((_, k) => isFinite(after, k));
      const clauseEnd = verbAt < 0 ? -1 : after.findIndex((r, k) => k >= verbAt && boundaryAfter(r));
      const relative =
        !after.length ||
        ((/^(?:which|who|whom|whose|that)$/.test(after[0]!.lower) ||
          (after[0]!.tags.has('Preposition') && /^(?:which|whom)$/.test(after[1]?.lower ?? ''))) &&
          (clauseEnd < 0 || clauseEnd === after.length - 1));
      if (nounEnd <= 3 && relative) return `“${w.lower}” with no name`;
    }
  }

  // "so odd a mixture …" with no "that" or "as" after it.
  const text = statement.toLowerCase();
  const soMatch = /\bso\s+(?:[\p{L}-]+ly\s+)?[\p{L}-]+\s+an?\s+[\p{L}-]+/u.exec(text);
  if (soMatch && !/\b(?:that|as)\b/.test(text.slice(soMatch.index + soMatch[0].length)))
    return '“so …” with no “that”';

  // "The more Tom stared …" with no second half.
  if (
    /^the\s+(?:more|less|fewer|better|worse|sooner|longer|further|farther)\s+(?!of\b|than\b)/i.test(
      statement,
    ) &&
    !/,\s+the\s/i.test(statement)
  )
    return '“the more …” with no second half';

  const mainFault = mainClauseFault(words);
  if (mainFault) return mainFault;

  // Conjuncts after ", and", ", but": one that opens with a subordinate clause, or with its own
  // subject, needs its own main verb ("and, even as I looked up").
  for (const match of statement.matchAll(/,\s*(?:and|but|or|yet|nor)\s*,?\s+/gi)) {
    const conjunct = wordsOf(statement.slice(match.index + match[0].length));
    let k = 0;
    while (k < conjunct.length && /^(?:then|so|even|still|also|just|now|yet)$/.test(conjunct[k]!.lower)) k++;
    const head = conjunct[k];
    if (!head) return 'an empty conjunct';
    const rest = conjunct.slice(k);
    // "and that woman was …": "that" before a bare noun is its determiner, not a conjunction.
    const demonstrative =
      head.lower === 'that' && !!rest[1] && !PERSONAL.has(rest[1].lower) && !DETERMINERS.has(rest[1].lower);
    const subordinate =
      SUBORDINATORS.has(head.lower) ||
      (SUBJECT_OPENERS.has(head.lower) && !demonstrative && opensSubjectClause(rest, 0));
    // ", and that Mrs. Long has promised": a second clause of the same kind as an earlier one.
    const coordinated = new RegExp(`\\b${head.lower}\\b`, 'i').test(statement.slice(0, match.index));
    if (subordinate && !coordinated && mainClauseFault(rest)) return 'a conjunct with no main clause';
    if (PERSONAL.has(head.lower) && !rest.some((_, i) => isFinite(rest, i))) return 'a conjunct with no verb';
  }

  if (source) {
    const fault = cutMidPhrase(statement, words, source);
    if (fault) return fault;
  }
  return null;
}

const normal = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * Faults that show only against the source: the statement stops where its source went on inside
 * the same phrase (a particle's object; a list cut after one item; "so …" whose "that" went).
 */
function cutMidPhrase(statement: string, words: Word[], source: string): string | null {
  const tail = normal(statement).slice(-3);
  if (!tail.length) return null;
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${tail.map(escape).join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const found = [...source.matchAll(pattern)].at(-1);
  if (!found) return null;
  const rest = source.slice(found.index + found[0].length);
  if (!/[\p{L}\p{N}]/u.test(rest)) return null;
  // The source goes on inside the same phrase: no comma, stop or dash between.
  const gap = /^[^\p{L}\p{N}]*/u.exec(rest)![0];
  const continuesPhrase = !/[,;:.!?—–()]|--/.test(gap);
  const last = words.at(-1)!;
  if (PARTICLES.has(last.lower) && continuesPhrase) return `its object after “${last.lower}” was cut`;
  // "She had named the boat, which …, after her grandmother": a naming verb's complement was cut.
  const naming = words.findLastIndex((w) => NAMING.test(w.lower));
  if (naming >= 0 && words.length - naming <= 5 && !words.slice(naming, -1).some((w) => boundaryAfter(w)))
    return `what “${words[naming]!.lower}” needs was cut`;
  // "…, sarcastic humour, reserve." where the list went on (", and caprice,").
  const segments = statement.replace(/[.!?]+$/, '').split(/,\s+/);
  if (segments.length > 2 && /^\s*,\s*(?:and|or)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s*[,;.]/u.test(rest)) {
    const item = wordsOf(segments.at(-1)!);
    if (
      item.length <= 2 &&
      item.every(
        (w) =>
          (w.tags.has('Noun') || w.tags.has('Adjective')) &&
          !w.tags.has('ProperNoun') &&
          !w.tags.has('Pronoun'),
      )
    )
      return 'a list cut after an item';
  }
  // "so well fixed …" whose "that …" (in the same clause of the source) was cut.
  const so = /\bso\s+([\p{L}-]+)/u.exec(statement.toLowerCase());
  if (so) {
    const lower = source.toLowerCase();
    const at = lower.indexOf(`so ${so[1]}`);
    const clause = at >= 0 ? lower.slice(at).split(/[;:]/)[0]! : '';
    if (/\b(?:that|as)\b/.test(clause) && !/\b(?:that|as)\b/.test(statement.toLowerCase().slice(so.index)))
      return '“so …” whose “that” was cut';
  }
  return null;
}

export const isCompleteStatement = (statement: string, source?: string) =>
  incompleteness(statement, source) === null;
