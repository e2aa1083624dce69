/**
 * Free text for a prompt, about the text it is given: the context, or a passage written into the
 * prompt itself ("Summarise this: …"). A request for a summary, the characters, the setting, the
 * genre or the tone is answered from the engine's reading of the text; any other prompt with the
 * context sentences that share the most (rare) words with it, introduced by a lead sentence and
 * tied together by a closing line naming what the text connects the topic with. Without any text
 * the answer says so; it never answers with sample text of its own.
 */
import { EngineError } from '../../types';
import { MAX_CHAPTER_WORDS } from '../types';
import { contentWords, countWords, sentenceSpans, stem, STOP_WORDS } from '../sentences';
import { articleFor, joinList, lowerWords } from '../strings';
import { detectGenre } from './genre';
import { findCast, type Character } from './names';
import { findNamedPlaces, settingNouns } from './places';
import { detectTone } from './plot';
import { cutToWords, scoreSentences, summarize } from './summarize';
import { assertPrompt, resolveMaxWords } from '../validate';

export interface GenerateInput {
  prompt: string;
  context?: string;
  maxWords?: number;
}

const MAX_CONTEXT_SENTENCES = 5000;
const SUMMARY_REQUEST = /\b(summar\w*|overview|recap|synopsis|what happens)\b/i;

export function generateText(input: GenerateInput): string {
  const asked = assertPrompt(input.prompt);
  const maxWords = resolveMaxWords(input.maxWords);
  const given = typeof input.context === 'string' ? input.context.trim() : '';
  // "Summarise this: <text>" without a context: the text is in the prompt.
  const embedded = given ? undefined : textInPrompt(asked);
  const prompt = embedded?.prompt ?? asked;
  const context = embedded?.text ?? given;
  if (context && countWords(context) > MAX_CHAPTER_WORDS) {
    throw new EngineError(
      'text_too_long',
      'The source text is too long to use at once. Choose a single chapter and try again.',
    );
  }
  const answer = context ? groundedAnswer(prompt, context, maxWords) : ungroundedAnswer(prompt);
  return fitWords(answer, maxWords);
}

function groundedAnswer(prompt: string, context: string, maxWords: number): string {
  const sentences = sentenceSpans(context)
    .slice(0, MAX_CONTEXT_SENTENCES)
    .map((s) => s.text.replace(/\s+/g, ' '));
  const topic = topicOf(prompt);
  if (SUMMARY_REQUEST.test(prompt)) {
    const summary = summarize(context, {
      maxSentences: Math.max(2, Math.floor(maxWords / 25)),
      maxChars: maxWords * 8,
    });
    const people = mainCharacters(context, 3);
    const who = people.length ? ` It is about ${joinList(people.map((c) => c.name))}.` : '';
    return `Here is a summary of the text.${who} ${summary}`;
  }
  const reading = readingAnswer(prompt, context, sentences);
  if (reading) return reading;
  const promptWords = new Set(contentWords(prompt).map(stem));
  const documentFrequency = new Map<string, number>();
  const sentenceWords = sentences.map((s) => new Set(contentWords(s).map(stem)));
  for (const words of sentenceWords)
    for (const w of words) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
  const centrality = scoreSentences(sentences);
  const maxCentrality = Math.max(...centrality, 1);
  const relevance = sentenceWords.map((words, i) => {
    let score = 0;
    for (const w of words)
      if (promptWords.has(w)) score += Math.log(1 + sentences.length / documentFrequency.get(w)!);
    return score + (0.2 * centrality[i]!) / maxCentrality;
  });
  const matched = relevance.some((score, i) => score > (0.2 * centrality[i]!) / maxCentrality + 1e-9);
  // Room for the lead sentence and the closing line.
  const budget = Math.max(10, maxWords - countWords(topic) * 2 - 20);
  const chosen: number[] = [];
  let used = 0;
  for (const { i } of relevance
    .map((score, i) => ({ score, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)) {
    const words = countWords(sentences[i]!);
    if (used + words > budget && chosen.length > 0) continue;
    chosen.push(i);
    used += words;
    if (used >= budget || chosen.length >= 8) break;
  }
  chosen.sort((a, b) => a - b);
  const body = chosen.map((i) => sentences[i]!).join(' ');
  const lead = matched
    ? `Here is what the text says about ${topic}.`
    : `The text does not mention ${topic} directly; these are its most telling passages.`;
  const related = relatedWords(
    chosen.map((i) => sentences[i]!),
    promptWords,
  );
  const closing = related.length ? ` In short, the text connects ${topic} with ${joinList(related)}.` : '';
  return `${lead} ${body}${closing}`;
}

/** Words that ask for the characters, the setting, the genre or the tone of the text. */
const ASKS = {
  characters: /\b(?:main character|protagonist|hero(?:ine)?|characters|who is in|who are)\b/i,
  setting: /\b(?:setting|where does|where is it set|where are they|where does it take place)\b/i,
  genre: /\b(?:genre|what kind of (?:story|book|text))\b/i,
  tone: /\b(?:tone|mood|atmosphere)\b/i,
};

/** An answer from the engine's reading of the text, when the prompt asks for what it reads. */
function readingAnswer(prompt: string, context: string, sentences: readonly string[]): string | undefined {
  if (ASKS.characters.test(prompt)) {
    const people = mainCharacters(context, 4);
    if (people.length === 0) return 'The text names no characters.';
    const [first, ...rest] = people;
    const about = sentences.filter((s) => first!.aliases.some((a) => s.includes(a))).slice(0, 2);
    const others = rest.length ? ` Also in it: ${joinList(rest.map((c) => c.name))}.` : '';
    return `The text is mostly about ${first!.name}.${others} ${about.join(' ')}`.trim();
  }
  if (ASKS.setting.test(prompt)) {
    const places = findNamedPlaces(context).slice(0, 3);
    const nouns = settingNouns(sentences.slice(0, 400)).slice(0, 3);
    const where = [...places.map((p) => p.name), ...nouns.map((n) => `the ${n.noun}`)];
    if (where.length === 0) return 'The text does not say where it takes place.';
    const key = places[0]?.key ?? nouns[0]!.noun;
    const example = sentences.find((s) => s.toLowerCase().includes(key.toLowerCase()));
    return `The text takes place in ${joinList(where)}.${example ? ` ${example}` : ''}`;
  }
  if (ASKS.genre.test(prompt))
    return `The text reads as ${articleFor(detectGenre(context))} ${detectGenre(context).toLowerCase()}.`;
  if (ASKS.tone.test(prompt))
    return `The tone of the text is ${detectTone(lowerWords(context)).toLowerCase()}.`;
  return undefined;
}

/** The most mentioned characters of the text. */
function mainCharacters(text: string, count: number): Character[] {
  return findCast(text.slice(0, 200_000)).characters.slice(0, count);
}

/**
 * A passage written into the prompt: after a colon or a line break ("Summarise this: …"), or in
 * quotation marks, when it is long enough to be a text rather than a question.
 */
function textInPrompt(prompt: string): { prompt: string; text: string } | undefined {
  const split = /^([^:\n]{3,120}?)(?::|\n)\s*([\s\S]+)$/.exec(prompt);
  if (split && countWords(split[2]!) >= MIN_EMBEDDED_WORDS)
    return { prompt: split[1]!.trim(), text: split[2]!.trim() };
  const quoted = /["“]([^"”]+)["”]/.exec(prompt);
  if (quoted && countWords(quoted[1]!) >= MIN_EMBEDDED_WORDS)
    return { prompt: prompt.replace(quoted[0], 'the text').trim(), text: quoted[1]!.trim() };
  return undefined;
}

const MIN_EMBEDDED_WORDS = 6;

const QUESTION_WORDS = new Set(
  'what who whom whose why how where when which does did do is are was were can could would should will tell me describe explain please about write give list'.split(
    ' ',
  ),
);

/** The prompt without its question words: "What does Brannigan do at the lighthouse?" → "Brannigan at the lighthouse". */
function topicOf(prompt: string): string {
  const words = prompt
    .replace(/[?!.]+$/, '')
    .split(/\s+/)
    .filter((w) => w && !QUESTION_WORDS.has(w.toLowerCase()));
  if (words.length === 0) return 'your question';
  return words.length <= 8 ? words.join(' ') : `${words.slice(0, 8).join(' ')}…`;
}

/** Frequent content words of the chosen sentences that the prompt did not use (names first). */
function relatedWords(sentences: readonly string[], promptWords: ReadonlySet<string>): string[] {
  const counts = new Map<string, { word: string; count: number; name: boolean }>();
  for (const sentence of sentences) {
    const tokens = sentence.match(/[\p{L}'’-]+/gu) ?? [];
    tokens.forEach((token, i) => {
      const lower = token.toLowerCase().replace(/['’]s$/, '');
      if (lower.length < 4 || STOP_WORDS.has(lower) || promptWords.has(stem(lower))) return;
      const name = /^\p{Lu}/u.test(token) && i > 0;
      const entry = counts.get(lower) ?? { word: name ? token.replace(/['’]s$/, '') : lower, count: 0, name };
      entry.count++;
      counts.set(lower, entry);
    });
  }
  return [...counts.values()]
    .filter((e) => e.count >= 2 || e.name)
    .sort((a, b) => Number(b.name) - Number(a.name) || b.count - a.count || a.word.localeCompare(b.word))
    .slice(0, 3)
    .map((e) => e.word);
}

function ungroundedAnswer(prompt: string): string {
  const topic = topicOf(prompt);
  return (
    `I had no source text to work from, so this answer is general rather than about your book. ` +
    `You asked about ${topic}. Select a chapter or paste the passage you mean, and the answer will quote ` +
    `the sentences that matter and build on them: who is involved, where it happens and why it matters to the story.`
  );
}

/** Whole sentences up to the limit; a first sentence longer than the limit is cut. */
export function fitWords(text: string, maxWords: number): string {
  if (countWords(text) <= maxWords) return text;
  const sentences = sentenceSpans(text).map((s) => s.text);
  const kept: string[] = [];
  let used = 0;
  for (const sentence of sentences) {
    const words = countWords(sentence);
    if (used + words > maxWords) break;
    kept.push(sentence);
    used += words;
  }
  return kept.length ? kept.join(' ') : cutToWords(text, maxWords);
}
