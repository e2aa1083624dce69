/**
 * What a text model (Bedrock or an OpenAI-compatible server) must return for each request, as zod
 * schemas mirroring the text capability's types (text/types.ts). The same schemas become the JSON
 * Schema the model is shown (Bedrock's tool input, the OpenAI provider's prompt), and validate its
 * answer. Fields the engine computes itself (seeds, mentions,
 * offsets, Fountain) are not asked for.
 */
import { z } from 'zod';
import { questionKind } from './quiz-kinds';
import {
  CHARACTER_ROLES,
  MOODS,
  QUIZ_QUESTION_KINDS,
  STORY_TYPES,
  TIMES_OF_DAY,
  TRUE_FALSE_OPTIONS,
} from './types';

const text = (description: string) => z.string().describe(description);

export const characterSchema = z.object({
  name: text('The name the book uses most for the character'),
  role: z.enum(CHARACTER_ROLES),
  physical_description: text('How the character looks, from the text where it says so'),
  personality: text('Personality in a few words'),
  character_arc: text('How the character changes'),
  archetypes: z.array(z.string()).max(4),
  want: text('What the character consciously wants, one short sentence'),
  need: text('What the character really needs, one short sentence'),
  lie: text('The false belief the character holds, one short sentence'),
  ghost: text('The past wound behind the lie, one short sentence'),
});

export type ModelCharacter = z.infer<typeof characterSchema>;

export const summarySchema = z.object({
  summary: text('A faithful summary of the text'),
  key_points: z.array(z.string().min(1)).min(1).max(6).describe('Distinct key points, one sentence each'),
});

export const plotSchema = z.object({
  logline: text('One sentence: protagonist, goal and conflict'),
  genre: z.string().min(1),
  tone: z.string().min(1),
  audience: z.string().min(1),
  setting: text('Main places and era'),
  themes: z.array(z.string().min(1)).min(1).max(6),
  story_type: z.enum(STORY_TYPES),
  script_story_type: z.enum(STORY_TYPES),
  characters: z.array(characterSchema).max(20).describe('Main characters, most important first'),
});

const dialogueSchema = z.object({
  character: text('Speaker, exactly as named in the passage'),
  line: text('The words spoken, taken from the passage'),
  parenthetical: z.string().optional(),
});

const sceneSchema = z.object({
  scene_number: z.number().int().min(1),
  location: z.string().min(1),
  setting_type: z.enum(['INT', 'EXT']),
  time_of_day: z.enum(TIMES_OF_DAY),
  mood: z.enum(MOODS),
  visual_description: text('What the scene looks like, concrete and drawn from the passage'),
  key_actions: z.array(z.string()).max(6),
  audio_requirements: z.array(z.string()).max(8),
  characters: z.array(z.string()).describe('Characters present, only names that appear in the passage'),
  action: z.array(z.string()).describe('Action lines in the present tense'),
  dialogue: z.array(dialogueSchema),
  narration: text('Voice-over narration for the scene'),
  estimated_duration: z.number().positive().describe('Seconds'),
});

export function screenplaySchema(sceneCount: number, withProfiles: boolean) {
  const base = z.object({
    title: z.string().min(1),
    logline: z.string().min(1),
    scenes: z.array(sceneSchema).length(sceneCount).describe('One entry per numbered passage, in order'),
  });
  return withProfiles ? base.extend({ character_details: z.array(characterSchema).max(20) }) : base;
}

export const quizSchema = z
  .object({
    questions: z
      .array(
        z.object({
          kind: z
            .enum(QUIZ_QUESTION_KINDS)
            .describe(
              'who/what/where: about a person, thing or place of the text; number: a number or date; true_false: ' +
                'is the statement in the question true; order: which event comes first or last; fill_blank: a key ' +
                'word of a sentence left out; why: cause and effect; statement: which statement is (not) true',
            )
            .optional(),
          question: z.string().min(1),
          options: z
            .array(z.string().min(1))
            .min(2)
            .max(4)
            .describe('Four options; a true_false question has exactly "True" and "False"'),
          answer_index: z.number().int().min(0).max(3),
          explanation: text('Why the answer is right, quoting the sentence of the text that answers it'),
          source_excerpt: text('The sentence of the text the question is built from'),
        }),
      )
      .min(1),
  })
  .superRefine((quiz, context) => {
    // Not expressible in JSON Schema, so the model is not shown it; an answer breaking it is invalid.
    quiz.questions.forEach((question, index) => {
      const distinct = new Set(question.options.map((o) => o.trim().toLowerCase()));
      if (distinct.size !== question.options.length)
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'options'],
          message: 'Options repeat',
        });
      const trueFalse = questionKind(question) === 'true_false';
      const shapeOk = trueFalse
        ? question.options.length === 2 && TRUE_FALSE_OPTIONS.every((o) => distinct.has(o.toLowerCase()))
        : question.options.length === 4;
      if (!shapeOk)
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'options'],
          message: trueFalse
            ? 'A true/false question has the options "True" and "False"'
            : 'A question has four options',
        });
      if (question.answer_index >= question.options.length)
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'answer_index'],
          message: 'The answer is not one of the options',
        });
    });
  });

export const generateSchema = z.object({ text: z.string().min(1) });

export const safetySchema = z.object({
  rating: z.enum(['general', 'teen', 'mature']),
  safe: z.boolean(),
  flags: z.array(
    z.object({
      category: z.enum(['violence', 'sexual', 'language', 'self_harm', 'drugs', 'hate']),
      severity: z.enum(['low', 'medium', 'high']),
      excerpt: z.string(),
    }),
  ),
});

/** The JSON Schema of a tool's input (Bedrock wants a plain object schema without `$schema`). */
export function toolInputSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return json;
}
