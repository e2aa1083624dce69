/**
 * The text engine of a language model that answers in JSON (Bedrock, any OpenAI-compatible server),
 * independent of how the model is called: each provider supplies `ask`, which sends one request and
 * returns the answer validated against the request's zod schema (or throws an EngineError). Book
 * text is cut to a budget before it is sent. What must be exact or stable is computed here, as in
 * the local engine: scene boundaries (source offsets), character seeds and mentions, durations that
 * add up, acts, beats and Fountain.
 */
import type { z } from 'zod';
import { sceneHeading, toFountain } from './fountain';
import { characterSeed } from './local/characters';
import { fitWords } from './local/generate';
import { groundScene, readChapter } from './local/grounding';
import { nameKey } from './local/names';
import { sampleChapters } from './local/plot';
import { quizTitle } from './local/quiz';
import { questionKind } from './quiz-kinds';
import { allocateSeconds, resolveTarget } from './local/screenplay';
import {
  GENERATE_SYSTEM,
  generatePrompt,
  PLOT_SYSTEM,
  plotPrompt,
  QUIZ_SYSTEM,
  quizPrompt,
  SAFETY_SYSTEM,
  safetyPrompt,
  SCREENPLAY_SYSTEM,
  screenplayPrompt,
  SUMMARY_SYSTEM,
  summaryPrompt,
} from './prompts';
import { segmentScenes } from './scenes';
import {
  generateSchema,
  plotSchema,
  quizSchema,
  safetySchema,
  screenplaySchema,
  summarySchema,
  type ModelCharacter,
} from './schemas';
import { cutAtSentence } from './sentences';
import { escapeRegExp } from './strings';
import { buildActs, buildBeats } from './structure';
import {
  TRUE_FALSE_OPTIONS,
  type CharacterProfile,
  type Quiz,
  type Screenplay,
  type ScreenplayInput,
  type ScriptScene,
  type TextEngine,
} from './types';
import {
  assertChapters,
  assertChapterText,
  assertDifficulty,
  assertPrompt,
  assertQuestionCount,
  assertStoryType,
  assertStyle,
  resolveMaxWords,
  resolveSceneCount,
  resolveSummaryLimits,
} from './validate';

/** One structured request to a text model. */
export interface ModelRequest<S extends z.ZodType> {
  /** A short name of the answer (Bedrock's tool name). */
  name: string;
  description: string;
  /** The answer must match it; it is also shown to the model as JSON Schema. */
  schema: S;
  /** Provider-neutral instructions; the provider adds how to give the answer. */
  system: string;
  prompt: string;
}

/** Sends one request and resolves with the answer parsed by `request.schema`, or throws an EngineError. */
export type AskModel = <S extends z.ZodType>(request: ModelRequest<S>) => Promise<z.infer<S>>;

const MIN_SCENE_SECONDS = 8;

/** A chapter's screenplay from the model, grounded in the same reading of the chapter as the offline engine's. */
async function writeScreenplay(ask: AskModel, budget: number, input: ScreenplayInput): Promise<Screenplay> {
  const text = assertChapterText(input.chapter?.content, 'The chapter');
  const style = assertStyle(input.options?.style);
  const storyType = assertStoryType(input.options.storyType);
  const target = resolveTarget(input.options.targetDuration);
  const spans = segmentScenes(text, resolveSceneCount(input.options.sceneCount));
  const known = input.characters ?? [];
  const withProfiles = input.options.includeCharacterProfiles === true && known.length === 0;
  const perPassage = Math.floor(budget / spans.length);
  const passages = spans.map(
    (s, i) => `[Passage ${i + 1}]\n${cutAtSentence(text.slice(s.start, s.end).trim(), perPassage)}`,
  );
  const result = await ask({
    name: 'write_screenplay',
    description: 'Return the script, one scene per passage.',
    schema: screenplaySchema(spans.length, withProfiles),
    system: SCREENPLAY_SYSTEM,
    prompt: screenplayPrompt({
      bookTitle: input.bookTitle,
      chapterTitle: input.chapter.title,
      passages,
      options: input.options,
      targetSeconds: target === 'auto' ? undefined : target * 60,
      knownCharacters: known.map((c) => c.name),
      withProfiles,
    }),
  });

  const seconds =
    target === 'auto'
      ? result.scenes.map((s) => Math.max(MIN_SCENE_SECONDS, Math.round(s.estimated_duration)))
      : allocateSeconds(
          target * 60,
          result.scenes.map((s) => s.estimated_duration),
        );
  // The model may adapt the words, but who speaks each line and who is present come from the
  // same reading of the chapter as the offline engine's.
  const reading = readChapter(
    text,
    known.map((c) => c.name),
  );
  const scenes: ScriptScene[] = result.scenes.map((scene, i) => {
    const span = spans[i]!;
    const checked = groundScene(reading, span, {
      characters: scene.characters,
      dialogue: scene.dialogue.map((d) => ({ ...d, scene_number: i + 1 })),
    });
    const grounded = {
      ...scene,
      scene_number: i + 1,
      estimated_duration: seconds[i]!,
      source_start: span.start,
      source_end: span.end,
      characters: checked.characters,
      dialogue: checked.dialogue,
    };
    return { ...grounded, heading: sceneHeading(grounded) };
  });
  const characters = [...new Set(scenes.flatMap((s) => s.characters))];
  const profiles = 'character_details' in result ? (result.character_details as ModelCharacter[]) : [];
  const details = input.options.includeCharacterProfiles
    ? (known.length ? known : profiles.map((p) => completeProfile(p, text))).filter((c) =>
        appearsIn(c.name, text),
      )
    : [];
  const summaries = scenes.map((s) => ({
    scene_number: s.scene_number,
    estimated_duration: s.estimated_duration,
    location: s.location,
    events: [...s.key_actions, ...s.action].filter(Boolean),
  }));
  const screenplay: Screenplay = {
    title: result.title,
    style,
    story_type: storyType,
    logline: result.logline,
    acts: buildActs(storyType, summaries),
    beats: buildBeats(storyType, summaries),
    scenes,
    characters,
    character_details: details,
    fountain: toFountain({
      title: result.title,
      source: input.bookTitle,
      logline: result.logline,
      style,
      scenes,
    }),
    estimated_duration: seconds.reduce((a, b) => a + b, 0),
  };
  return screenplay;
}

/** `budget`: characters of book text sent in one request; longer texts are cut at a sentence end. */
export function createModelTextEngine(ask: AskModel, budget: number): TextEngine {
  return {
    async summarize({ text, maxSentences, maxKeyPoints }) {
      const valid = assertChapterText(text);
      const { sentences, keyPoints: points } = resolveSummaryLimits(maxSentences, maxKeyPoints);
      const result = await ask({
        name: 'give_summary',
        description: 'Return the summary and key points.',
        schema: summarySchema,
        system: SUMMARY_SYSTEM,
        prompt: summaryPrompt(cutAtSentence(valid, budget), sentences, points),
      });
      return { summary: result.summary, key_points: result.key_points.slice(0, points) };
    },

    async plotOverview({ title, chapters }) {
      const valid = assertChapters(chapters);
      const sample = sampleChapters(valid, budget);
      const result = await ask({
        name: 'give_plot_overview',
        description: 'Return the analysis of the book.',
        schema: plotSchema,
        system: PLOT_SYSTEM,
        prompt: plotPrompt(title ?? '', sample),
      });
      const fullText = valid.map((c) => c.content).join('\n\n');
      return { ...result, characters: result.characters.map((c) => completeProfile(c, fullText)) };
    },

    screenplay: (input) => writeScreenplay(ask, budget, input),

    async quiz(input) {
      const text = assertChapterText(input.text);
      const count = assertQuestionCount(input.numQuestions);
      const difficulty = assertDifficulty(input.difficulty);
      const result = await ask({
        name: 'give_quiz',
        description: 'Return the quiz questions.',
        schema: quizSchema,
        system: QUIZ_SYSTEM,
        prompt: quizPrompt(input.title, cutAtSentence(text, budget), count, difficulty),
      });
      const quiz: Quiz = {
        title: quizTitle(input.title),
        difficulty,
        questions: result.questions.slice(0, count).map((q, i) => ({
          id: `q${i + 1}`,
          ...q,
          kind: questionKind(q),
          // "true"/"false" as the model wrote them become the words the quiz player shows.
          options:
            questionKind(q) === 'true_false'
              ? q.options.map((o) =>
                  o.trim().toLowerCase() === 'true' ? TRUE_FALSE_OPTIONS[0] : TRUE_FALSE_OPTIONS[1],
                )
              : q.options,
        })),
      };
      return quiz;
    },

    async generate({ prompt, context, maxWords }) {
      const question = assertPrompt(prompt);
      const words = resolveMaxWords(maxWords);
      const source = context?.trim() ? cutAtSentence(context.trim(), budget) : undefined;
      const result = await ask({
        name: 'give_answer',
        description: 'Return the answer text.',
        schema: generateSchema,
        system: GENERATE_SYSTEM,
        prompt: generatePrompt(question, source, words),
      });
      return { text: fitWords(result.text.trim(), words) };
    },

    async analyzeSafety({ text }) {
      const valid = assertChapterText(text);
      const result = await ask({
        name: 'give_rating',
        description: 'Return the content rating.',
        schema: safetySchema,
        system: SAFETY_SYSTEM,
        prompt: safetyPrompt(cutAtSentence(valid, budget)),
      });
      return { ...result, safe: result.rating !== 'mature' };
    },
  };
}

/** Whether a name (or its first or last word, as prose shortens names) occurs in the text. */
function appearsIn(name: string, text: string): boolean {
  const key = nameKey(name);
  const words = key.split(/\s+/);
  const forms = [key, words[0]!, words.at(-1)!].filter((w) => w.length >= 3 || w === key);
  return forms.some((form) => new RegExp(`(?<![\\p{L}])${escapeRegExp(form)}(?![\\p{L}])`, 'u').test(text));
}

function countMentions(name: string, text: string): number {
  const key = nameKey(name);
  const words = key.split(/\s+/);
  const forms = [...new Set([key, words[0]!, words.at(-1)!])]
    .filter((w) => w.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (forms.length === 0) return 0;
  const pattern = new RegExp(`(?<![\\p{L}])(?:${forms.map(escapeRegExp).join('|')})(?![\\p{L}])`, 'gu');
  return text.match(pattern)?.length ?? 0;
}

/** The fields the engine owns: a stable seed, the mention count, and no voice yet. */
function completeProfile(profile: ModelCharacter, text: string): CharacterProfile {
  return {
    ...profile,
    mentions: countMentions(profile.name, text),
    seed: characterSeed(profile.name),
    voice: '',
  };
}
