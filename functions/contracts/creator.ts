import { MOODS } from '../engine/text/types';
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

/** The prompt of one generate action, non-blank in the spec's words for its kind. */
const promptOf = (kind: PromptKind) =>
  z.string({ error: validatePrompt(kind, '')! }).check(
    z.superRefine((value, ctx) => {
      const problem = validatePrompt(kind, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
    }),
  );

/** POST /creator/scripts: a screenplay from the prompt. */
export const creatorScriptRequest = z.object({ prompt: promptOf('script') });

export const CREATOR_BOOK_TYPES = ['entertainment', 'learning'] as const;

/** POST /creator/books: a book written from the prompt (needs a text model). */
export const creatorBookRequest = z.object({
  prompt: promptOf('book'),
  book_type: z._default(
    z.enum(CREATOR_BOOK_TYPES, { error: 'book_type must be entertainment or learning.' }),
    'entertainment',
  ),
});
export type CreatorBookRequest = z.output<typeof creatorBookRequest>;

/** The frames a Creator short film can be made in. */
export const CREATOR_ASPECT_RATIOS = ['16:9', '9:16', '1:1'] as const;
/** The score: on (each scene's mood), off, or one mood for the whole film. */
export const CREATOR_MUSIC = ['on', 'off', ...MOODS] as const;

/** POST /creator/videos: a narrated, illustrated, subtitled short film from the prompt. */
export const creatorVideoRequest = z.object({
  prompt: promptOf('video'),
  aspect_ratio: z._default(
    z.enum(CREATOR_ASPECT_RATIOS, { error: 'aspect_ratio must be 16:9, 9:16 or 1:1.' }),
    '16:9',
  ),
  /** A voice id of the voice list (GET /audio/voices) for the narrator; absent: the default narrator. */
  voice: z.optional(
    z.string({ error: 'voice must be a voice id from the voice list.' }).check(z.trim(), z.maxLength(100)),
  ),
  music: z._default(
    z.enum(CREATOR_MUSIC, { error: `music must be one of ${CREATOR_MUSIC.join(', ')}.` }),
    'on',
  ),
});
export type CreatorVideoRequest = z.output<typeof creatorVideoRequest>;

export const creatorMessages = {
  bookNeedsModel:
    'Writing a book needs a text model. Set ENGINE_TEXT_PROVIDER to openai (with OPENAI_BASE_URL and OPENAI_MODEL) or bedrock, then start the app again.',
  creationNotFound: 'Creation not found.',
  scriptFailed: 'Writing the script failed. Please try again.',
  bookFailed: 'Writing the book failed. Please try again.',
  timedOut: 'Generation took too long and was stopped. Please try again.',
  outlineEmpty: 'The text model answered no chapter outline. Please try again or reword the prompt.',
  arrangedNotice:
    'No text model is set up, so your prompt was arranged into scenes in your own words, not written. Set ENGINE_TEXT_PROVIDER to have a model write it.',
  writtenNotice: 'Written by the text model from your prompt.',
  videoFailed: 'Making the film failed. Please try again.',
  videoCancelled: 'The film was cancelled.',
  filmGone: 'The film is no longer there: its book was deleted.',
  shortFilmTitle: (words: string) => `Short film: ${words}`,
} as const;

/** GET /creator/capabilities: what the generate actions can do on this server, before the user tries. */
export const creatorCapabilities = z.object({
  /** A text model is configured (ENGINE_TEXT_PROVIDER is not the offline engine). */
  text_model: z.boolean(),
  text_provider: z.string(),
  script: z.object({ mode: z.enum(['written', 'arranged']) }),
  book: z.object({ available: z.boolean(), reason: z.nullable(z.string()) }),
});
export type CreatorCapabilities = z.infer<typeof creatorCapabilities>;

/** A scene of a Creator screenplay: its heading, then its action and dialogue in story order. */
export const creatorScriptScene = z.object({
  scene_number: z.number(),
  heading: z.string(),
  elements: z.array(
    z.union([
      z.object({ kind: z.literal('action'), text: z.string() }),
      z.object({ kind: z.literal('dialogue'), character: z.string(), line: z.string() }),
    ]),
  ),
});
export type CreatorScriptScene = z.infer<typeof creatorScriptScene>;

export const creatorScript = z.object({
  title: z.string(),
  /** written: by the text model; arranged: the prompt's own words put into scenes (no model). */
  method: z.enum(['written', 'arranged']),
  notice: z.string(),
  scenes: z.array(creatorScriptScene),
  /** The whole script as Fountain text (the export). */
  fountain: z.string(),
});
export type CreatorScript = z.infer<typeof creatorScript>;

/** A creation still queued or running is processing; a cancelled one reads as failed. */
export const CREATION_STATUSES = ['processing', 'ready', 'failed'] as const;

export const CREATION_KINDS = ['script', 'book', 'video'] as const;
export type CreationKind = (typeof CREATION_KINDS)[number];

/** A Creator short film: the chapter film the prompt became, and the book of one chapter it was made from. */
export const creatorFilm = z.object({
  generation_id: z.nullable(z.string()),
  aspect_ratio: z.enum(CREATOR_ASPECT_RATIOS),
  voice: z.nullable(z.string()),
  music: z.enum(CREATOR_MUSIC),
  /** The film (MP4) once made; null while it is being made. */
  video_url: z.nullable(z.string()),
  /** Its subtitles (WebVTT). */
  subtitles_url: z.nullable(z.string()),
  duration: z.nullable(z.number()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
});
export type CreatorFilm = z.infer<typeof creatorFilm>;

/** A generation of Creator Mode as the page follows it (GET /creator/creations/{id}). */
export const creation = z.object({
  id: z.string(),
  kind: z.enum(CREATION_KINDS),
  status: z.enum(CREATION_STATUSES),
  progress: z.number(),
  step: z.string(),
  error_message: z.nullable(z.string()),
  prompt: z.string(),
  /** A ready script creation's screenplay. */
  script: z.nullable(creatorScript),
  /** A book creation's book, once saved (it is then processed as any upload). */
  book_id: z.nullable(z.string()),
  book_title: z.nullable(z.string()),
  /** A video creation's film: its generation, and once made, where to play and download it. */
  video: z.nullable(creatorFilm),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Creation = z.infer<typeof creation>;
