/**
 * Sentence compression for slide bullets: a sentence of a chapter (or a model's key point) cut down
 * to one short, whole statement. Asides in brackets or dashes, dialogue tags ("said Alice"), leading
 * conjunctions and subordinate clauses go; what is left starts with a capital and ends with a full
 * stop, and is never cut mid-clause with "…". A sentence that cannot be made into such a statement
 * gives `undefined`, so callers pick another one.
 */
import { contentWords, stem } from '../sentences';
import { isCompleteStatement } from './complete';
import { tagWords } from './nlp';

/** Words a bullet may keep; longer clauses are cut at a clause boundary or rejected. */
export const MAX_POINT_WORDS = 18;
/**
 * A sentence that cannot be shortened into a whole statement is kept whole when it has at most this
 * many words (the slide layout sets it smaller or splits the slide when it must).
 */
export const MAX_WHOLE_SENTENCE_WORDS = 24;
/** Fewer words than this is a fragment, not a statement. */
const MIN_POINT_WORDS = 4;

/** Two statements at or above this similarity say the same thing. */
export const SIMILARITY_THRESHOLD = 0.5;

/** A piece of a sentence inside or outside quotation marks. */
interface QuoteSegment {
  quoted: boolean;
  text: string;
}

const LETTER = /[\p{L}\p{N}]/u;

/**
 * The sentence split at its quotation marks. Straight and curly double quotes always count; single
 * quotes count only at a word's edge, so "don’t" and "Alice's" stay apostrophes.
 */
export function quoteSegments(sentence: string): QuoteSegment[] {
  const segments: QuoteSegment[] = [];
  let quoted = false;
  let current = '';
  const flush = () => {
    if (current.trim()) segments.push({ quoted, text: current });
    current = '';
  };
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i]!;
    const before = sentence[i - 1] ?? ' ';
    const after = sentence[i + 1] ?? ' ';
    const opens =
      c === '“' ||
      (c === '"' && !quoted) ||
      (c === '‘' && !quoted && !LETTER.test(before) && after !== ' ') ||
      (c === "'" && !quoted && !LETTER.test(before) && LETTER.test(after));
    const closes =
      c === '”' ||
      (c === '"' && quoted) ||
      ((c === '’' || c === "'") && quoted && !(LETTER.test(before) && LETTER.test(after)));
    const closesUnopened =
      !quoted &&
      segments.every((seg) => !seg.quoted) &&
      (c === '’' || c === '”' || c === "'") &&
      /[.!?,;—–-]/.test(before) &&
      !LETTER.test(after);
    if (closesUnopened) {
      // The sentence began inside a quotation split off by the sentence splitter.
      quoted = true;
      flush();
      quoted = false;
    } else if (!quoted && opens) {
      flush();
      quoted = true;
    } else if (quoted && closes) {
      flush();
      quoted = false;
    } else current += c;
  }
  flush();
  return segments;
}

const SPEECH_VERBS =
  'said|says|say|asked|asks|replied|answered|cried|called|shouted|whispered|muttered|murmured|added|went on|continued|exclaimed|remarked|observed|thought|began|repeated|declared|explained|insisted|laughed|sighed|returned|protested|pleaded|urged|demanded|suggested|interrupted|echoed|groaned|screamed|yelled|gasped|growled|snapped|retorted|agreed|admitted|concluded|responded|wondered';
const SPEAKER = String.raw`(?:(?:the|a|an|his|her|their|my|our|poor|old|little|young)\s+)*(?:[\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*){0,2}|[\p{Ll}][\p{L}-]*|he|she|they|I|we|you|it)`;
const TAG_TAIL = String.raw`(?:\s+(?:to\s+(?:herself|himself|themselves|itself|myself|her|him|them|me|us)|aloud|again|at last|softly|quietly|gravely|sharply|eagerly|anxiously|[\p{Ll}]+ly|in\s+a\s+[\p{Ll}]+(?:\s+[\p{Ll}]+)?\s+(?:voice|tone|whisper)))*`;
/** A dialogue tag on its own: "said Alice", "the Rabbit whispered to itself", "she thought". */
const SPEECH_TAG = new RegExp(
  String.raw`^[\s,.;:!?—–-]*(?:(?:${SPEECH_VERBS})\s+${SPEAKER}|${SPEAKER}\s+(?:${SPEECH_VERBS}))${TAG_TAIL}[\s,.;:!?—–-]*$`,
  'iu',
);
/** A tag inside narrative: "it was, she thought, too late". */
const INLINE_TAG = new RegExp(
  String.raw`,\s*(?:(?:${SPEECH_VERBS})\s+${SPEAKER}|(?:he|she|they|I|we)\s+(?:${SPEECH_VERBS}))${TAG_TAIL}\s*,`,
  'giu',
);

const SPEECH_START = new RegExp(String.raw`^(?:${SPEECH_VERBS})\b`, 'i');
const SPEECH_END = new RegExp(String.raw`\b(?:${SPEECH_VERBS})(?:\s+[\p{Ll}]+ly)?\.$`, 'iu');
const FIRST_OR_SECOND_PERSON = /\b(?:I|me|my|mine|myself|we|us|our|ours|you|your|yours)\b/;
const LEADING_WORDS =
  /^(?:(?:and|but|so|or|nor|yet|then|now|well|oh|ah|thus|hence|therefore|still|indeed|besides|also|moreover|meanwhile|anyway|why|alas|no|yes|again|first|firstly|secondly|finally|presently|suddenly|at last|of course|in short|in fact)\b[,!]?|for,|however,)\s+/i;
/** Filler asides between commas, or at the start: "you see", "I think", "by the way". */
const FILLER =
  /(?:^|,\s+)(?:you see|you know|I think|I believe|I suppose|I say|of course|by the way|that is|in fact|in short|as it were|as it is called|so to speak|no doubt|perhaps|indeed|however|also|too|then)(?:,\s+|(?=[.;:]|$))/gi;
/** A relative clause between commas: ", which by accident was …,". */
const RELATIVE_ASIDE =
  /,\s+(?:(?:by|in|of|to|from|for|with|on|at)\s+)?(?:which|who|whom|whose)\b[^,;:]*,\s*/gi;
const SUBORDINATORS =
  'when|whenever|while|whilst|although|though|even though|because|since|if|unless|as soon as|as|after|before|until|till|once|whereas|whether';
/** "When …", "Because …", and "However little known …, " (however before an adjective or adverb). */
const LEADING_SUBORDINATE = new RegExp(String.raw`^(?:${SUBORDINATORS}|however\s+(?!,)[\p{L}]+)\b`, 'iu');
const TRAILING_SUBORDINATE = new RegExp(
  String.raw`,\s+(?:(?:by|in|of|to|from|for|with|on|at)\s+(?:which|whom|whose)|which|who|whom|whose|where|${SUBORDINATORS}|as if|as though|so that|for|though|[\p{Ll}]+ing)\b`,
  'giu',
);
const LEADING_INTRO =
  /^(?:[\p{Ll}]+ing|in|on|at|by|with|after|before|during|for|from|under|over|to|of|owing|like)\b/iu;

/** Words of a text that are not punctuation. */
function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => LETTER.test(w));
}

/** A finite verb somewhere in the clause, by the parser's tags (not only a gerund or infinitive). */
function hasFiniteVerb(clause: string): boolean {
  const tagged = tagWords(clause);
  return tagged.some(
    (w, i) =>
      w.tags.has('Verb') &&
      !w.tags.has('Hyphenated') &&
      (w.tags.has('PastTense') ||
        w.tags.has('Copula') ||
        w.tags.has('Modal') ||
        w.tags.has('Auxiliary') ||
        (w.tags.has('PresentTense') && !w.tags.has('Gerund') && tagged[i - 1]?.text.toLowerCase() !== 'to')),
  );
}

/** Starts like a main clause: a subject (noun, pronoun, name, determiner) or "there". */
function startsWithSubject(text: string): boolean {
  const first = tagWords(text.split(/\s+/).slice(0, 3).join(' '))[0];
  if (!first) return false;
  const lower = first.text.toLowerCase();
  if (/^(?:that|which|who|whom|whose|and|or|but|nor|so|then|as|if|when|while)$/.test(lower)) return false;
  return (
    lower === 'there' ||
    first.tags.has('Noun') ||
    first.tags.has('Pronoun') ||
    first.tags.has('Determiner') ||
    first.tags.has('Adjective') ||
    first.tags.has('ProperNoun')
  );
}

/** The predicate of a clause whose subject came before: "must suffer", "is preserved". */
function startsWithVerb(text: string): boolean {
  const first = tagWords(text.split(/\s+/).slice(0, 3).join(' '))[0];
  return !!first && first.tags.has('Verb') && !first.tags.has('Gerund');
}

function isStatement(clause: string): boolean {
  const count = words(clause).length;
  return count >= MIN_POINT_WORDS && count <= MAX_POINT_WORDS && hasFiniteVerb(clause);
}

/** Asides in brackets or dashes, and inline dialogue tags, taken out. */
function dropAsides(text: string): string {
  let out = text
    .replace(/\s*--\s*/g, ' — ')
    .replace(/\s*\([^()]*\)/g, '')
    .replace(/\s*\[[^[\]]*\]/g, '')
    .replace(/\s+[—–]\s*[^—–]*?\s*[—–]\s+/g, ' ')
    .replace(/([\p{L}\p{N}])[—–]([^—–]*?)[—–]([\p{L}\p{N}])/gu, '$1 $3')
    .replace(INLINE_TAG, ',')
    .replace(FILLER, (match) => (match.startsWith(',') && /,\s*$/.test(match) ? ' ' : ''))
    .replace(RELATIVE_ASIDE, (match, offset: number, whole: string) => {
      // Between a subject and its verb ("Every being, which …, must suffer") the clause can go.
      const before = whole.slice(0, offset);
      const after = whole.slice(offset + match.length);
      const joined = `${before.split(/[,;:]\s+/).at(-1)} ${after.split(/,\s+/)[0]}`;
      return startsWithVerb(after) || (!hasFiniteVerb(before) && hasFiniteVerb(joined)) ? ' ' : match;
    });
  // A trailing aside after a single dash goes when enough is left before it.
  const dash = out.search(/\s*[—–]\s*[^—–]*$/);
  if (dash > 0 && words(out.slice(0, dash)).length >= MIN_POINT_WORDS) out = out.slice(0, dash);
  return out
    .replace(/\s*,\s*,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function dropLeading(text: string): string {
  let out = text.trim();
  for (let guard = 0; guard < 6; guard++) {
    const before = out;
    out = out.replace(LEADING_WORDS, '');
    if (LEADING_SUBORDINATE.test(out) || LEADING_INTRO.test(out)) out = afterIntroduction(out);
    if (out === before) break;
  }
  return out;
}

/**
 * A sentence without its opening subordinate clause or phrase ("When the Rabbit took out a watch,
 * Alice started"): cut at the first comma after which a main clause with its subject begins.
 */
function afterIntroduction(text: string): string {
  for (const match of text.matchAll(/,\s+/g)) {
    if (match.index > 200) break;
    const rest = text.slice(match.index + match[0].length);
    // The main clause has its verb before its next comma ("her sails filling, while …" has none).
    if (startsWithSubject(rest) && isClause(rest) && hasFiniteVerb(rest.split(',')[0]!)) return rest;
  }
  return text;
}

/** Enough words and a finite verb, regardless of length. */
function isClause(text: string): boolean {
  return words(text).length >= MIN_POINT_WORDS && hasFiniteVerb(text);
}

/** Trailing subordinate clauses cut while the head still reads as a clause. */
function dropTrailing(text: string): string {
  for (const match of text.matchAll(TRAILING_SUBORDINATE)) {
    const head = text.slice(0, match.index);
    if (isClause(head)) return head;
  }
  return text;
}

/** A clause that is still too long, cut at its last comma or coordination that keeps it whole. */
function cutToLength(text: string): string | undefined {
  if (words(text).length <= MAX_POINT_WORDS) return text;
  const cuts = [...text.matchAll(/\s*[,;]\s+/g)]
    .map((m) => m.index)
    .filter((index) => words(text.slice(0, index)).length <= MAX_POINT_WORDS)
    .reverse();
  for (const index of cuts) {
    const head = text.slice(0, index);
    // "…, and at this rate": a last part that opens with a conjunction must be a clause itself.
    const joined = [...head.matchAll(/,\s+(?:and|but|or|nor|so|yet)\s/gi)].at(-1);
    if (joined && !hasFiniteVerb(head.slice(joined.index + joined[0].length))) continue;
    // "a tall, broad-shouldered man": never cut inside a list of adjectives.
    const tail = head.split(/,\s+/).at(-1)!;
    if (/^(?:a|an|the|some|his|her|their|its|my|our|your)\s/i.test(tail) && words(tail).length < 4) continue;
    const lastWord = tagWords(head).at(-1);
    if (
      lastWord &&
      ['Adjective', 'Determiner', 'Preposition', 'Conjunction'].some((t) => lastWord.tags.has(t))
    )
      continue;
    if (isClause(head)) return head;
  }
  return undefined;
}

/** Capital first letter, one full stop at the end, no stray quote marks or trailing punctuation. */
export function finishStatement(text: string): string {
  let out = text
    .trim()
    // A sentence in brackets of its own: "(she was rather glad …)".
    .replace(/^\(([^()]*)\)([.!?]?)$/, '$1$2')
    .replace(/[“”"]/g, '')
    .replace(/(^|\s)['‘’]+|['‘’]+(?=\s|$)/g, '$1')
    .replace(/…/g, '')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(/^[\s,.;:!?—–-]+/, '')
    .replace(/[\s,.;:!?—–-]+$/, '');
  out = out.charAt(0).toUpperCase() + out.slice(1);
  return out ? `${out}.` : '';
}

/** The part of a sentence worth a bullet: narration outside quotes, or a third-person quote. */
function statementSource(sentence: string): string | undefined {
  const segments = quoteSegments(sentence);
  if (!segments.some((s) => s.quoted)) return sentence;
  const narrative = segments
    .filter((s) => !s.quoted)
    .map((s) => s.text)
    .filter((text) => !SPEECH_TAG.test(text))
    .join(' ')
    .trim();
  if (narrative && isClause(dropLeading(narrative.replace(/^[\s,.;:!?—–-]+/, '')))) return narrative;
  const spoken = segments
    .filter((s) => s.quoted)
    .map((s) => s.text)
    .join(' ');
  // Words in someone's mouth ("I shall be late!") are not statements about the text.
  if (FIRST_OR_SECOND_PERSON.test(spoken) || /[?!]/.test(spoken)) return undefined;
  return spoken;
}

/**
 * A sentence as one short statement for a bullet, or `undefined` when it has none: questions,
 * exclamations in the first or second person, fragments and clauses that cannot be shortened whole.
 */
export function compressSentence(sentence: string): string | undefined {
  const clean = sentence.replace(/\s+/g, ' ').trim();
  if (!clean) return undefined;
  // Questions and exclamations in the narration are not statements to put on a slide.
  const last = quoteSegments(clean).at(-1);
  if (!last || (!last.quoted && /[?!][)\]]*\s*$/.test(last.text))) return undefined;
  const source = statementSource(clean);
  if (!source) return undefined;
  const clauses = dropAsides(source)
    .split(/\s*[;:]\s+/)
    .map((c) => c.replace(/^[\s,.!?—–-]+/, ''));
  for (const raw of clauses) {
    const led = dropLeading(raw.replace(/[.!?]+$/, ''));
    // The shortest form first; when what it leaves is not a whole statement, the clause with its
    // trailing clauses kept (cut only at a boundary that leaves it whole).
    for (const candidate of new Set([dropTrailing(led), led])) {
      const cut = cutToLength(candidate);
      if (!cut) continue;
      const statement = finishStatement(cut);
      // "Said Mrs. Bennet to her husband.", "Tom answered carelessly.": tags whose speech was cut off.
      if (SPEECH_START.test(statement) || SPEECH_END.test(statement)) continue;
      if (isStatement(statement) && isCompleteStatement(statement, clean)) return statement;
    }
  }
  // Else the sentence itself, when it is a whole statement short enough for a slide (and no
  // quotation was taken out of its middle).
  if (quoteSegments(clean).some((s) => s.quoted)) return undefined;
  const whole = finishStatement(dropLeading(source.replace(/[.!?]+$/, '')));
  const count = words(whole).length;
  if (
    count >= MIN_POINT_WORDS &&
    count <= MAX_WHOLE_SENTENCE_WORDS &&
    !/[;:]/.test(whole) &&
    hasFiniteVerb(whole) &&
    !SPEECH_START.test(whole) &&
    !SPEECH_END.test(whole) &&
    isCompleteStatement(whole, clean)
  )
    return whole;
  return undefined;
}

/**
 * A model's key point made fit for a slide: compressed when that keeps it whole, else the point
 * itself as a clean statement (capital, full stop, no "…").
 */
export function fitPoint(point: string): string {
  const clean = point.replace(/\s+/g, ' ').replace(/…/g, '').trim();
  if (words(clean).length <= MAX_POINT_WORDS) return finishStatement(clean);
  return compressSentence(clean) ?? finishStatement(clean);
}

/** The stems a similarity is measured on. */
export function stemSet(text: string): Set<string> {
  return new Set(contentWords(text).map(stem));
}

/**
 * How alike two statements are: shared content stems over the geometric mean of their counts
 * (cosine of binary word vectors), 0–1.
 */
export function similarity(a: string | Set<string>, b: string | Set<string>): number {
  const left = typeof a === 'string' ? stemSet(a) : a;
  const right = typeof b === 'string' ? stemSet(b) : b;
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const w of left) if (right.has(w)) shared++;
  return shared / Math.sqrt(left.size * right.size);
}

/** The statements in order with any that repeats an earlier one (or one in `taken`) left out. */
export function dropNearDuplicates(statements: readonly string[], taken: readonly string[] = []): string[] {
  const kept: { text: string; stems: Set<string> }[] = [];
  const seen = taken.map((t) => stemSet(t));
  for (const text of statements) {
    const stems = stemSet(text);
    if (seen.some((s) => similarity(s, stems) >= SIMILARITY_THRESHOLD)) continue;
    if (kept.some((k) => similarity(k.stems, stems) >= SIMILARITY_THRESHOLD)) continue;
    kept.push({ text, stems });
    seen.push(stems);
  }
  return kept.map((k) => k.text);
}
