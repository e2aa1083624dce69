/**
 * Speech tags: the narration next to a quotation that says who speaks ("said Alice", "the Queen
 * cried", "he replied", "Marilla, looking up, said:", "said the old gentleman"). The narration is
 * read as tokens in which the cast's mentions, pronouns and descriptions of people are already
 * marked, so the patterns are about order (verb then speaker, speaker then verb), not spelling.
 */
import type { Character, Mention } from '../names';
import {
  PERSON_ADJECTIVES,
  PERSON_NOUNS,
  PRONOUN_GENDER,
  TAG_PARTICLES,
  TAG_VERBS,
  PARTICLE_VERBS,
} from './lexicon';

/** Who a tag, an action or a vocative points at, before it is resolved to a character. */
export type Referent =
  | { kind: 'name'; character: Character; start: number; end: number }
  | { kind: 'pronoun'; pronoun: string; start: number; end: number }
  | {
      kind: 'description';
      phrase: string;
      head: string;
      open: boolean;
      start: number;
      end: number;
      /** "said a sleepy-faced carpenter": someone come new into the story, never one named before. */
      newcomer?: boolean;
    };

export interface Token {
  kind: 'ref' | 'word' | 'punct';
  lower: string;
  start: number;
  end: number;
  ref?: Referent;
}

/** A word, hyphenated inside only: the dash of `said--` is punctuation, not part of the verb. */
const WORD = /\p{L}[\p{L}\p{M}'’]*(?:-\p{L}[\p{L}\p{M}'’]*)*|\S/uy;
const words = (list: string) => new Set(list.trim().split(/\s+/));
const ABBREVIATIONS = words('mr mrs ms dr st messrs capt col rev prof sgt lt');
const DETERMINERS = words('the his her my our their your this that its');
/** "the other", "the latter": the other one of a conversation. */
const CONTRASTIVE = words('other latter former');
/** Words before a referent that make it an object, not the speaker ("turning to Anne"). */
const PREPOSITIONS = words(
  'to at with of for from on upon by about towards toward into in after before behind beside near than like',
);
/** Verbs after which a bare infinitive tags what someone was heard to say. */
const HEARING = words('heard hear hears overheard');
/** Verbs of hearing words said by someone else ("caught the words"). */
const PERCEIVING = new Set([...HEARING, ...words('catch caught catches distinguish distinguished')]);
/** Verbs of thinking, which tag no quotation in a clause of something thought ("which Emma thought"). */
const THINKING = words('thought thinks mused muses reflected reflects wondered wonders');
const RELATIVES = words('which that whom what');
/** "the voice of the Dodger" is the Dodger speaking. */
const VOICE = words('voice voices tones');
/** Words that open a clause set inside a sentence, whose subject is not the sentence's. */
const SUBORDINATORS = words(
  'where when while whilst as though although because since if till until whereas whom which before after',
);
const SKIPPABLE = words('then and now again still at last length presently instantly but thus');
/** "saying", "adding": a speech tag in a participle ("Mr. Woodhouse's giving a sigh, and saying,"). */
const TAG_GERUNDS = words(`
  saying adding replying answering crying exclaiming asking observing continuing returning calling whispering
  muttering murmuring shouting remarking interrupting beginning rejoining retorting responding declaring inquiring
  enquiring protesting pleading resuming repeating urging sighing laughing sobbing
`);
/** Verbs that only tag a quotation after "to": "was forced to add", "began to say". */
const TAG_INFINITIVES = words(
  'say add reply answer ask observe exclaim cry remark repeat continue return inquire enquire assert declare whisper murmur protest explain interrupt begin',
);
const FUNCTION_WORDS = words(`
  and or but nor so yet who whom whose which that what when where while as if than then there here was were is are
  be been had has have did does do would could should will shall might must may can not no a an the his her its my
  our their your this these those he she it they we i you him them me us all some any each every one
`);
const SENTENCE_END = new Set(['.', '!', '?', ';']);

/** Mentions with `from <= start < to`, by binary search over mentions in text order. */
export function mentionsIn(mentions: readonly Mention[], from: number, to: number): Mention[] {
  let low = 0;
  let high = mentions.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (mentions[mid]!.start < from) low = mid + 1;
    else high = mid;
  }
  const found: Mention[] = [];
  for (let i = low; i < mentions.length && mentions[i]!.start < to; i++) found.push(mentions[i]!);
  return found;
}

/**
 * Mentions in narration only (`spans`: quotations in text order): a name inside a quotation is being
 * talked about, not acting.
 */
export function mentionsOutside(
  mentions: readonly Mention[],
  spans: readonly { start: number; end: number }[],
): Mention[] {
  const outside: Mention[] = [];
  let q = 0;
  for (const mention of mentions) {
    while (q < spans.length && spans[q]!.end <= mention.start) q++;
    const span = spans[q];
    if (!span || mention.end <= span.start) outside.push(mention);
  }
  return outside;
}

/** The narration between `from` and `to` as tokens, with names, pronouns and descriptions marked. */
export function tokenize(text: string, from: number, to: number, mentions: readonly Mention[]): Token[] {
  const names = mentionsIn(mentions, from, to);
  const tokens: Token[] = [];
  let next = 0;
  let i = from;
  while (i < to) {
    const name = names[next];
    if (name && name.start === i) {
      tokens.push({
        kind: 'ref',
        lower: '',
        start: name.start,
        end: name.end,
        ref: { kind: 'name', ...name },
      });
      next++;
      i = name.end;
      continue;
    }
    if (name && name.start < i) {
      next++;
      continue;
    }
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    // The possessive of a name ("Anne's eyes") is one token, so a possessor is never a subject by mistake.
    if ((c === "'" || c === '’') && text[i + 1] === 's' && !/\p{L}/u.test(text[i + 2] ?? '')) {
      tokens.push({ kind: 'word', lower: "'s", start: i, end: i + 2 });
      i += 2;
      continue;
    }
    WORD.lastIndex = i;
    const match = WORD.exec(text)!;
    const end = Math.min(to, name ? Math.min(name.start, i + match[0].length) : i + match[0].length);
    const lower = text.slice(i, end).toLowerCase();
    const last = tokens.at(-1);
    if (lower === '.' && last?.kind === 'word' && ABBREVIATIONS.has(last.lower)) {
      last.end = end;
      i = end;
      continue;
    }
    const word = /\p{L}/u.test(lower);
    tokens.push({ kind: word ? 'word' : 'punct', lower, start: i, end });
    if (word && PRONOUN_GENDER[lower]) {
      tokens.at(-1)!.kind = 'ref';
      tokens.at(-1)!.ref = { kind: 'pronoun', pronoun: lower, start: i, end };
    }
    i = end;
  }
  return markDescriptions(text, tokens);
}

/** Words that describe a person before the noun ("the red-faced gentleman", "the sleepy-looking boy"). */
const isAdjective = (t: Token | undefined) =>
  t?.kind === 'word' &&
  (PERSON_ADJECTIVES.has(t.lower) || /-(?:faced|looking|haired|eyed|legged|hearted)$|ish$/.test(t.lower));
/** Nouns that never head a description of a speaker, even after a speech verb ("said the same", "cried the more"). */
const NOT_HEADS = new Set([
  'same',
  'more',
  'most',
  'whole',
  'rest',
  'next',
  'first',
  'last',
  'way',
  'time',
  'moment',
  'word',
  'words',
  'thing',
  'truth',
]);

/**
 * "the old gentleman", "his wife", "the other", "the gentleman in the white waistcoat": a
 * determiner, adjectives and a noun. A noun that names no person in the lexicon ("the undertaker")
 * is an open description: a speaker only where a speech tag puts it.
 */
function markDescriptions(text: string, tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind !== 'word' || !DETERMINERS.has(t.lower)) {
      out.push(t);
      continue;
    }
    // "the Rabbit", "the gallant Mr. Elton", "the still waiting Harriet": the article belongs to the name.
    let named = i + 1;
    // Not across a preposition: "the end of Anne's braid" is not Anne.
    while (
      named < tokens.length &&
      named - i <= 4 &&
      tokens[named]!.kind === 'word' &&
      (!PREPOSITIONS.has(tokens[named]!.lower) || VOICE.has(tokens[named - 1]!.lower))
    )
      named++;
    const name = tokens[named];
    if (name?.kind === 'ref' && name.ref!.kind === 'name' && t.lower === 'the') {
      out.push({ ...name, start: t.start, ref: { ...name.ref!, start: t.start } });
      i = named;
      continue;
    }
    let j = i + 1;
    while (j < tokens.length && j - i <= 3 && isAdjective(tokens[j])) j++;
    // Adjectives no list holds ("the anaemic cabman", "the burly barman"): the noun is the last plain word.
    while (
      j - i <= 3 &&
      isPlainWord(tokens[j]) &&
      isPlainWord(tokens[j + 1]) &&
      !PERSON_NOUNS.has(tokens[j]!.lower) &&
      // "the housebreaker wiping the perspiration": a participle after the noun is no noun.
      !(tokens[j + 1]!.lower.endsWith('ing') && actedOn(tokens[j + 1]))
    )
      j++;
    const head = tokens[j];
    const noun = head?.kind === 'word' && !head.lower.endsWith("'s") ? head.lower : undefined;
    const known = noun !== undefined && PERSON_NOUNS.has(noun);
    const open = !known && noun !== undefined && t.lower === 'the' && noun.length > 2 && !NOT_HEADS.has(noun);
    const contrastive = t.lower === 'the' && j > i + 1 && CONTRASTIVE.has(tokens[j - 1]!.lower) && !known;
    if (!known && !open && !contrastive) {
      out.push(t);
      continue;
    }
    let last = contrastive && !known ? j - 1 : j;
    // "the gentleman in the white waistcoat", "the magistrate with spectacles".
    if (!contrastive) last = qualifierEnd(tokens, last);
    const end = tokens[last]!.end;
    const phrase = text.slice(t.start, end).replace(/\s+/g, ' ').toLowerCase();
    out.push({
      kind: 'ref',
      lower: phrase,
      start: t.start,
      end,
      ref: {
        kind: 'description',
        phrase,
        head: contrastive && !known ? tokens[j - 1]!.lower : noun!,
        open: open && !contrastive,
        start: t.start,
        end,
      },
    });
    i = last;
  }
  return out;
}

/** A word that can be part of a description: no verb of speech, preposition, adverb or function word. */
function isPlainWord(t: Token | undefined): boolean {
  return (
    t?.kind === 'word' &&
    !TAG_VERBS.has(t.lower) &&
    !PREPOSITIONS.has(t.lower) &&
    !FUNCTION_WORDS.has(t.lower) &&
    !t.lower.endsWith('ly') &&
    !t.lower.endsWith("'s")
  );
}

/**
 * The last token of a phrase that tells a person apart: "in the white waistcoat", "with the black
 * beard", "with spectacles" — not a manner of speaking ("in a tremendous voice").
 */
function qualifierEnd(tokens: readonly Token[], headAt: number): number {
  const preposition = tokens[headAt + 1];
  if (preposition?.kind !== 'word' || !['in', 'with', 'of'].includes(preposition.lower)) return headAt;
  let k = headAt + 2;
  if (tokens[k]?.lower === 'the') k++;
  else if (preposition.lower !== 'with') return headAt;
  while (k - headAt < 6 && isPlainWord(tokens[k]) && isPlainWord(tokens[k + 1])) k++;
  return isPlainWord(tokens[k]) && !/^(?:voice|tone|manner|way|whisper|undertone)s?$/.test(tokens[k]!.lower)
    ? k
    : headAt;
}

function isVerb(tokens: readonly Token[], i: number): number {
  const t = tokens[i];
  if (!t || t.kind !== 'word') return 0;
  if (TAG_GERUNDS.has(t.lower) || (TAG_INFINITIVES.has(t.lower) && tokens[i - 1]?.lower === 'to')) return 1;
  // "she heard the Admiral say to Mary--": the bare infinitive after one heard.
  if (
    TAG_INFINITIVES.has(t.lower) &&
    tokens[i - 1]?.kind === 'ref' &&
    tokens.slice(Math.max(0, i - 4), i - 1).some((x) => HEARING.has(x.lower))
  )
    return 1;
  if (!TAG_VERBS.has(t.lower)) return 0;
  if (PARTICLE_VERBS.has(t.lower)) {
    const particle = tokens[i + 1];
    return particle?.kind === 'word' && TAG_PARTICLES.has(particle.lower) ? 2 : 0;
  }
  return 1;
}

const isAdverb = (t: Token | undefined) =>
  t?.kind === 'word' && (t.lower.endsWith('ly') || SKIPPABLE.has(t.lower));

/**
 * The speaker named by the narration right after a quotation: `, said Alice`, `, Alice said`,
 * `she replied`, `Mr. Bennet, after a pause, said`. Only the clause up to the next sentence end.
 */
export function tagAfter(tokens: readonly Token[]): Referent | undefined {
  let i = 0;
  while (
    i < tokens.length &&
    (tokens[i]!.kind === 'punct' ? /^[,—–\-:]$/.test(tokens[i]!.lower) : isAdverb(tokens[i]))
  ) {
    // `“…,” but the Admiral interrupted her`: someone else cutting the line short.
    if (tokens[i]!.lower === 'but' && tokens.slice(i + 1, i + 6).some((t) => CUTTING_SHORT.has(t.lower)))
      return undefined;
    i++;
  }
  const possessive = possessiveTag(tokens, i);
  if (possessive) return possessive;
  // "So began Miss Bates" ("thus spoke the Queen" is read by the adverbs above).
  if (tokens[i]?.lower === 'so' && isVerb(tokens, i + 1)) i++;
  const verb = isVerb(tokens, i);
  if (verb) {
    // "said Alice", "cried the Queen", "said he", "said Mr. Bennet, smiling", "said to her the old man".
    for (let j = i + verb; j < Math.min(tokens.length, i + verb + 5); j++) {
      const t = tokens[j]!;
      if (t.kind === 'punct' && SENTENCE_END.has(t.lower)) return undefined;
      // "cried a sleepy-faced carpenter": someone new speaks.
      if (t.kind === 'word' && ['a', 'an'].includes(t.lower)) return newcomer(tokens, j);
      // "said a Voice, and Mr. Marvel …": someone unnamed speaks; the name after "and" is another.
      if (t.kind === 'word' && t.lower === 'and') return undefined;
      if (t.kind === 'ref') {
        // ("put in Lucy": the verb's own particle is no preposition.)
        if (PREPOSITIONS.has(tokens[j - 1]?.lower ?? '') && !(verb === 2 && j === i + 2)) continue;
        return t.ref;
      }
      if (t.kind === 'punct' && t.lower !== ',') return undefined;
    }
    return undefined;
  }
  const subject = tokens[i];
  if (subject?.kind !== 'ref') return undefined;
  // "Alice said", "she replied softly", "Mr. Bennet, after a pause, said", "the Jew, rubbing his hands, said".
  let depth = 0;
  for (let j = i + 1; j < Math.min(tokens.length, i + 16); j++) {
    const t = tokens[j]!;
    if (t.kind === 'punct' && SENTENCE_END.has(t.lower)) return undefined;
    if (t.kind === 'punct' && t.lower === ',') depth++;
    if (isVerb(tokens, j)) return depth % 2 === 0 || depth >= 2 ? subject.ref : undefined;
    // "Adye was saying", "she had added".
    const auxiliary = j === i + 1 && helpsVerb(tokens, j);
    if (depth === 0 && !isAdverb(t) && !auxiliary && t.kind !== 'punct') return undefined;
  }
  return undefined;
}

/**
 * "a sleepy-faced carpenter", "a looker-on", "a lady in the group": an article, adjectives of a person
 * and a noun of one, after a verb of speech. Written as "the …" for the name of the one made of it.
 */
function newcomer(tokens: readonly Token[], at: number): Referent | undefined {
  let j = at + 1;
  while (j - at <= 3 && isAdjective(tokens[j])) j++;
  const head = tokens[j];
  if (head?.kind !== 'word') return undefined;
  const person = PERSON_NOUNS.has(head.lower) || /^\p{L}+-(?:on|by)$/u.test(head.lower);
  if (!person) return undefined;
  const last = qualifierEnd(tokens, j);
  const words = tokens.slice(at + 1, last + 1).map((t) => t.lower);
  return {
    kind: 'description',
    phrase: ['the', ...words].join(' '),
    head: head.lower,
    open: false,
    start: tokens[at]!.start,
    end: tokens[last]!.end,
    newcomer: true,
  };
}

/**
 * A tag that puts the verb first (`--replied Emma--`): written only right after the words it tags,
 * so the narration that follows it cannot name another speaker.
 */
export function invertedTag(tokens: readonly Token[]): Referent | undefined {
  let i = 0;
  while (i < tokens.length && tokens[i]!.kind === 'punct' && /^[,—–\-:]$/.test(tokens[i]!.lower)) i++;
  return isVerb(tokens, i) ? tagAfter(tokens) : undefined;
}

/**
 * `"…" was Mr. Weston's quick amendment`, `"…" was all Harriet's answer`, `"…" was his reply`: the
 * owner of the words after "was"; `"…" was uttered by Catherine`, `"…" from Captain Harville`: the one
 * they came from.
 */
function possessiveTag(tokens: readonly Token[], i: number): Referent | undefined {
  // `the kindest “Good morning, God bless you!” from Captain Harville`.
  // (Not "From Emma there came no answer": the name must end the phrase.)
  if (
    tokens[i]?.lower === 'from' &&
    tokens[i + 1]?.ref?.kind === 'name' &&
    (tokens[i + 2] === undefined || tokens[i + 2]!.kind === 'punct')
  )
    return tokens[i + 1]!.ref;
  if (tokens[i]?.lower !== 'was') return undefined;
  // `“Thank God!” was uttered by Captain Wentworth`, `was uttered at the same moment by Catherine`.
  const passive = SPOKEN_PARTICIPLES.has(tokens[i + 1]?.lower ?? '');
  for (let j = i + 1; j < Math.min(tokens.length, i + (passive ? 9 : 5)); j++) {
    const t = tokens[j]!;
    if (t.kind === 'punct') return undefined;
    if (passive && t.lower === 'by' && tokens[j + 1]?.ref?.kind === 'name') return tokens[j + 1]!.ref;
    // `“Arm darmed if thet ent witchcraft,” was the view of Mr. Sandy Wadgers`.
    const before = tokens[j - 1]!.ref;
    const noun = before?.kind === 'description' ? before.head : tokens[j - 1]!.lower;
    if (t.lower === 'of' && REPORTING_NOUNS.has(noun ?? '') && tokens[j + 1]?.ref?.kind === 'name')
      return tokens[j + 1]!.ref;
    if (t.kind === 'ref' && t.ref!.kind !== 'pronoun' && tokens[j + 1]?.lower === "'s") return t.ref;
    if (t.lower === 'his' || t.lower === 'her') {
      const noun = tokens[j + 1];
      if (noun?.kind !== 'word' || tokens[j + 2]?.kind === 'word') return undefined;
      return { kind: 'pronoun', pronoun: t.lower === 'his' ? 'he' : 'she', start: t.start, end: t.end };
    }
  }
  return undefined;
}

/**
 * The speaker named by the narration just before a quotation that introduces it: `Alice said,`,
 * `Marilla, looking at Anne, said:`, `said the Hatter:`, `Then the Queen turned to Alice and cried,`.
 */
export function tagBefore(tokens: readonly Token[]): Referent | undefined {
  const last = tokens.at(-1);
  // `who was heard to assert that “…”`: a verb of speech and "that" introduce the words too.
  const that = last?.lower === 'that' && isVerb(tokens, tokens.length - 2) > 0;
  if (!last || (last.kind !== 'punct' && !that)) return undefined;
  // `Mrs. Musgrove interposed.` right before the line: a sentence that is only a speaker and a tag verb.
  if (last.lower === '.') return shortTag(tokens);
  if (!that && !/^[,:—–-]$/.test(last.lower)) return undefined;
  let from = tokens.length - 1;
  while (from > 0 && !(tokens[from - 1]!.kind === 'punct' && SENTENCE_END.has(tokens[from - 1]!.lower)))
    from--;
  let verbAt = -1;
  for (let j = tokens.length - 2; j >= from; j--) {
    // `Elizabeth's reply was,`, `made only this cautious reply:--`: a noun of speech just before the line.
    // `made the direct inquiry of--`, and `Harriet's was--`.
    const t = tokens[j]!;
    const noun = t.ref?.kind === 'description' ? t.ref.head : t.lower;
    const owned = t.lower === 'was' && tokens[j - 1]?.lower === "'s" && j >= tokens.length - 4;
    // "an hesitation which Emma thought infinitely more becoming--": a verb of thought in a clause that
    // something is thought is no tag ("Emma reflected, not without some triumph," is).
    const thinking =
      THINKING.has(t.lower) && [tokens[j - 1], tokens[j - 2]].some((x) => RELATIVES.has(x?.lower ?? ''));
    if ((isVerb(tokens, j) && !thinking) || owned || (j >= tokens.length - 8 && SPEECH_NOUNS.has(noun))) {
      // "Emma could just catch the words,": the one who hears words is not the one saying them.
      if (!isVerb(tokens, j) && tokens.slice(Math.max(from, j - 4), j).some((x) => PERCEIVING.has(x.lower)))
        return undefined;
      verbAt = j;
      break;
    }
  }
  if (verbAt < 0) return undefined;
  // The nearest referent before the verb that is not an object ("looking at Anne") nor a thing ("the room").
  const person = (t: Token) => t.kind === 'ref' && !(t.ref!.kind === 'description' && t.ref!.open);
  // The subject of the first clause set inside, kept in case no other is found: "when Mr. Bumble rushed into the
  // room, and addressing the gentleman in the high chair, said,".
  let enclosed: Referent | undefined;
  for (let j = verbAt - 1; j >= from; j--) {
    const t = tokens[j]!;
    if (!person(t)) continue;
    // After a preposition a referent is an object, unless the clause is theirs: `by Mrs. Croft's
    // suddenly saying`, `from Mary, who, … exclaimed`.
    const owner = tokens[j + 1]?.lower === "'s" && tokens.slice(j + 2, verbAt).every(isAdverb);
    const relative = tokens[j + 1]?.lower === ',' && tokens[j + 2]?.lower === 'who';
    // "before John Thorpe came running upstairs, calling out,": a clause of its own, not an object.
    // "for Elizabeth was replying": one a helper verb follows is a subject.
    // "for Mr. Weston immediately accosted her", "for Frank Churchill to draw near her and say": the
    // one the verb follows, or who the infinitive is for, is its subject.
    // ("for she said": "she" is never what a preposition governs; "for" joins a clause.)
    const clause =
      t.ref!.kind === 'pronoun' ||
      (verbAt > j + 1 &&
        !TAG_GERUNDS.has(tokens[verbAt]!.lower) &&
        tokens.slice(j + 1, verbAt).every((x) => x.kind === 'word' && x.lower.endsWith('ly'))) ||
      // (Not "waited for Harriet to finish, and then said,": the verb must be the infinitive's own.)
      (tokens[j - 1]?.lower === 'for' &&
        tokens[j + 1]?.lower === 'to' &&
        tokens[j + 2]?.kind === 'word' &&
        tokens.slice(j + 1, verbAt).every((x) => x.kind !== 'punct')) ||
      (SUBORDINATORS.has(tokens[j - 1]?.lower ?? '') &&
        tokens[j + 1]?.kind === 'word' &&
        !PREPOSITIONS.has(tokens[j + 1]!.lower) &&
        !COORDINATORS.has(tokens[j + 1]!.lower) &&
        !isAdverb(tokens[j + 1]) &&
        tokens[j + 1]!.lower !== "'s") ||
      helpsVerb(tokens, j + 1);
    if (PREPOSITIONS.has(tokens[j - 1]?.lower ?? '') && !owner && !relative && !clause) continue;
    // "Diana, going to the gable, where Anne was standing, said": the subject of a clause set inside;
    // "came into the room where she and Eleanor were sitting, and said" too.
    // (A participle, "before John Thorpe came running upstairs, calling out,", is the clause's own.)
    const opener = clauseOpener(tokens, from, j);
    const ownParticiple =
      TAG_GERUNDS.has(tokens[verbAt]!.lower) &&
      !AUXILIARIES.has(tokens[verbAt - 1]?.lower ?? '') &&
      TIME_WORDS.has(opener ?? '');
    if (opener && !ownParticiple && clauseClosedBefore(tokens, j, verbAt)) {
      // (Not when someone else follows "and" before the verb: "when Mr. Elton arrived at the door, and
      // the housekeeper, opening it to him, said,".)
      const another = tokens
        .slice(j + 1, verbAt)
        .some((x, k) => x.kind === 'ref' && COORDINATORS.has(tokens[j + k]?.lower ?? ''));
      enclosed = another ? undefined : t.ref;
      continue;
    }
    // "Isabella, embracing Catherine, thus began": the one a participle or a verb acts on.
    // ("As she entered he stopped, and said": "he" is never what a verb acts on.)
    // ("she heard Mr. Weston whisper to his wife": the one right before the verb is its subject.)
    if (
      actedOn(tokens[j - 1]) &&
      !isVerb(tokens, j - 1) &&
      t.ref!.kind !== 'pronoun' &&
      !tokens.slice(j + 1, verbAt).every(isAdverb)
    )
      continue;
    return t.ref;
  }
  for (let j = verbAt + 1; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (person(t) && !PREPOSITIONS.has(tokens[j - 1]?.lower ?? '')) return t.ref;
    // "said the mariner, controlling Marvel with his eye, and then amplifying,": the one the verb puts
    // right after it speaks, whatever the noun.
    if (t.kind === 'ref' && j === verbAt + isVerb(tokens, verbAt) && verbAt === from) return t.ref;
  }
  // "Emma looked up; and after a moment's debate, replied,": the clause joined by "and" shares the subject before.
  if (tokens[from - 1]?.lower === ';' && COORDINATORS.has(tokens[from]?.lower ?? '')) {
    let start = from - 1;
    while (start > 0 && !(tokens[start - 1]!.kind === 'punct' && SENTENCE_END.has(tokens[start - 1]!.lower)))
      start--;
    const subject = firstActor(tokens.slice(start, from - 1));
    if (subject && !(subject.kind === 'description' && subject.open)) return subject;
  }
  return enclosed;
}

/**
 * Whether the narration before a line ends with a verb of speech in the active voice, and its particle,
 * that introduces it: `Oliver, more dead than alive, gasped out,` (not `got for answer,`, nor `was
 * interrupted,`).
 */
export function endsWithSpeechVerb(tokens: readonly Token[]): boolean {
  const last = tokens.at(-1);
  if (!last || !/^[,:—–-]$/.test(last.lower)) return false;
  const k = tokens.length - 2;
  // "gasped out,", "went on,": the verb before its particle.
  const verb =
    isVerb(tokens, k) > 0
      ? k
      : TAG_PARTICLES.has(tokens[k]?.lower ?? '') && isVerb(tokens, k - 1) > 0
        ? k - 1
        : -1;
  return verb >= 0 && !AUXILIARIES.has(tokens[verb - 1]?.lower ?? '') && tokens[verb - 1]?.lower !== 'being';
}

/**
 * `So began Miss Bates;` opening a paragraph: "so" or "thus", a verb of speech and the speaker right
 * after it (not "Thus questioned, Harriet was obliged to confess", nor "So thought Mr. Knightley").
 */
export function echoedTag(tokens: readonly Token[]): Referent | undefined {
  if (!['so', 'thus'].includes(tokens[0]?.lower ?? '')) return undefined;
  const verb = isVerb(tokens, 1);
  if (verb === 0 || THINKING.has(tokens[1]!.lower)) return undefined;
  const speaker = tokens[1 + verb];
  return speaker?.kind === 'ref' ? speaker.ref : undefined;
}

const COORDINATORS = words('and but then');
/** "was saying", "had said": the helper before a verb of speech. */
const AUXILIARIES = words('was were is had has');

/** Whether a comma after `at` closes its clause right before the verb (`, said gently`, `, and said`). */
function clauseClosedBefore(tokens: readonly Token[], at: number, verbAt: number): boolean {
  let k = verbAt - 1;
  while (
    k > at &&
    (isAdverb(tokens[k]) || COORDINATORS.has(tokens[k]!.lower) || AUXILIARIES.has(tokens[k]!.lower))
  )
    k--;
  return k > at && tokens[k]!.lower === ',';
}

/** The subordinator that opens the clause of the token at `at`, with no comma between (`where she and Eleanor`). */
function clauseOpener(tokens: readonly Token[], from: number, at: number): string | undefined {
  for (let k = at - 1; k >= Math.max(from, at - 4); k--) {
    const t = tokens[k]!;
    if (t.kind === 'punct') return undefined;
    if (SUBORDINATORS.has(t.lower)) return t.lower;
    if (t.kind === 'word' && !['and', 'or'].includes(t.lower)) return undefined;
  }
  return undefined;
}

/** Words of time that open a clause with its own subject and participle ("before John Thorpe came running"). */
const TIME_WORDS = words('before after when as till until while whilst');

/** "was replying", "had said": a helper verb at `at` and a verb of speech after it ("was asked" is passive). */
function helpsVerb(tokens: readonly Token[], at: number): boolean {
  const helper = tokens[at]?.lower ?? '';
  const verb = tokens[at + 1];
  if (!AUXILIARIES.has(helper) || !isVerb(tokens, at + 1)) return false;
  return ['had', 'has'].includes(helper) || (verb?.lower.endsWith('ing') ?? false);
}

/** Words ending in -ing or -ed that are no participle or verb. */
const NOT_PARTICIPLES = words(
  'morning evening nothing something anything everything thing king ring spring wedding building ceiling during according darling being',
);

/** Whether a token is a participle or a verb in the past, after which a referent is what it acts on. */
function actedOn(token: Token | undefined): boolean {
  if (token?.kind !== 'word' || token.lower.length <= 4 || NOT_PARTICIPLES.has(token.lower)) return false;
  return token.lower.endsWith('ing') || (token.lower.endsWith('ed') && !token.lower.endsWith('eed'));
}

/** Nouns that stand for what is said: `Elizabeth's reply was,`, `this was Emma's exclamation:`. */
const SPEECH_NOUNS = words(
  'reply answer rejoinder remark exclamation declaration language words question retort response observation reasoning comment injunction speech inquiry enquiry',
);
/** Nouns of what someone said or held, in `“…” was the view of Mr. Sandy Wadgers`. */
const REPORTING_NOUNS = new Set([...SPEECH_NOUNS, 'view', 'opinion', 'verdict', 'cry']);
/** Participles of speaking, in `“…” was uttered at the same moment by Catherine`. */
const SPOKEN_PARTICIPLES = words(
  'uttered said spoken pronounced exclaimed whispered muttered added repeated echoed cried called',
);
/** Verbs of cutting a line short, in `“…,” but the Admiral interrupted her`. */
const CUTTING_SHORT = words('interrupted stopped checked cut');

/** `Mrs. Musgrove interposed.`, `Emma, smiling, replied.`: a last sentence that is a speaker and a tag verb only. */
function shortTag(tokens: readonly Token[]): Referent | undefined {
  let from = tokens.length - 1;
  while (from > 0 && !(tokens[from - 1]!.kind === 'punct' && SENTENCE_END.has(tokens[from - 1]!.lower)))
    from--;
  const subject = tokens[from];
  if (subject?.kind !== 'ref' || subject.ref!.kind !== 'name' || tokens.length - 1 - from > 4)
    return undefined;
  for (let j = from + 1; j < tokens.length - 1; j++) {
    if (isVerb(tokens, j)) return j === tokens.length - 2 ? subject.ref : undefined;
    if (!isAdverb(tokens[j])) return undefined;
  }
  return undefined;
}

/** The first person the narration of a paragraph is about: its first subject-like referent. */
export function firstActor(tokens: readonly Token[]): Referent | undefined {
  for (let j = 0; j < tokens.length; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'ref' || (t.ref!.kind === 'description' && t.ref!.open)) continue;
    if (PREPOSITIONS.has(tokens[j - 1]?.lower ?? '')) continue;
    const next = tokens[j + 1];
    if (next?.kind === 'word' && next.lower === "'s") continue;
    return t.ref;
  }
  return undefined;
}
