import { z } from './zod';
import { MAX_PROMPT_LENGTH, messages, PROMPT_KINDS, validatePrompt, type PromptKind } from './validation';

/** POST /creator/prompts: a prompt of one kind, checked with the rule of validation.ts. */
export const promptRequest = z
  .object({
    kind: z.enum(PROMPT_KINDS as [PromptKind, ...PromptKind[]], {
      error: 'kind must be book, script or video.',
    }),
    prompt: z.string().check(z.maxLength(MAX_PROMPT_LENGTH, messages.promptTooLong)),
  })
  .check(
    z.superRefine((value, ctx) => {
      const problem = validatePrompt(value.kind, value.prompt);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
    }),
  );
