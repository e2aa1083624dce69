/**
 * The home of the validation messages and limits shared by the SPA and the handlers, and of the
 * small rules the request schemas (auth.ts, users.ts, creator.ts, book-requests.ts) are built from.
 * No runtime imports: pages that only need a message or a limit do not load zod.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_DISPLAY_NAME_LENGTH = 50;
export const MAX_BIO_LENGTH = 500;
export const MAX_AVATAR_URL_LENGTH = 2048;
export const MAX_PROMPT_LENGTH = 4000;
export const MAX_VERIFICATION_CODE_LENGTH = 64;

export const MAX_BOOK_TITLE_LENGTH = 200;
export const MAX_BOOK_DESCRIPTION_LENGTH = 5000;
export const MAX_BOOK_DURATION_MINUTES = 100_000;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_FILENAME_LENGTH = 255;
export const MAX_CONTENT_TYPE_LENGTH = 200;
export const MAX_STORAGE_KEY_LENGTH = 500;
export const MAX_CHAPTERS = 1000;
export const MAX_CHAPTER_TITLE_LENGTH = 300;
export const MAX_SUMMARY_LENGTH = 5000;
export const MAX_QUIZ_QUESTIONS = 20;
export const MAX_CONTEXT_LENGTH = 20_000;

export const messages = {
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  emailFirst: 'Please enter your email address first.',
  usernameRequired: 'Username is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Password is required.',
  resetCodeRequired: 'Reset code is required.',
  displayNameRequired: 'Display name is required.',
  displayNameTooLong: `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`,
  bioTooLong: `Bio must be at most ${MAX_BIO_LENGTH} characters.`,
  avatarUrlInvalid: 'Avatar URL must be a web address starting with http:// or https://.',
  promptTooLong: `Prompts can be at most ${MAX_PROMPT_LENGTH} characters.`,
} as const;

export const bookDetailMessages = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title can be at most ${MAX_BOOK_TITLE_LENGTH} characters.`,
  authorRequired: 'Author name is required.',
  authorTooLong: `Author name can be at most ${MAX_BOOK_TITLE_LENGTH} characters.`,
  bookTypeRequired: 'Book type is required.',
  difficultyRequired: 'Difficulty is required.',
  descriptionTooLong: 'Description can be at most 5 000 characters.',
  languageInvalid: 'Language must be a language code such as en or pt-BR.',
  durationWhole: 'Estimated duration must be a whole number.',
  tagTooLong: `Tags can be at most ${MAX_TAG_LENGTH} characters.`,
  tooManyTags: `A book can have at most ${MAX_TAGS} tags.`,
} as const;

export const uploadMessages = {
  fileMissing: 'Please select a file to upload.',
  fileTypeUnsupported: 'Accepted file types are .pdf, .docx, .txt and .epub.',
  fileEmpty: 'The file is empty.',
  fileTooLarge: 'The file is larger than 10 MB. Upload a smaller file or paste the text.',
  textMissing: 'Please provide text content.',
  bookTypeInvalid: 'Book type must be learning or entertainment.',
} as const;

export const structureMessages = {
  keepOneChapter: 'Keep at least one chapter.',
  tooManyChapters: 'A book can have at most 1 000 chapters.',
} as const;

export const learningMessages = {
  promptRequired: 'Please enter a prompt.',
  bookIdRequired: 'book_id is required.',
  chapterIdRequired: 'chapter_id is required.',
  chapterIdInvalid: 'chapter_id must be a chapter id.',
  quizTooShort: 'A quiz needs at least one question.',
  quizTooLong: `A quiz can have at most ${MAX_QUIZ_QUESTIONS} questions.`,
} as const;

/** Book files the upload accepts, by name. */
export const ACCEPTED_BOOK_FILE = /\.(pdf|docx|epub|txt)$/i;
/** A language code such as en or pt-BR. */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export type PromptKind = 'book' | 'script' | 'video';
export const PROMPT_KINDS: readonly PromptKind[] = ['book', 'script', 'video'];
export const promptRequiredMessage = (kind: PromptKind) => `Please enter a prompt for the ${kind}.`;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

/** Empty means "no avatar"; anything else must be an http(s) address. */
export function isValidAvatarUrl(url: string): boolean {
  const value = url.trim();
  return value === '' || (value.length <= MAX_AVATAR_URL_LENGTH && /^https?:\/\/\S+$/i.test(value));
}

/** A creator prompt is non-blank (with a message naming its kind) and at most 4000 characters. */
export function validatePrompt(kind: PromptKind, prompt: string): string | null {
  if (!prompt.trim()) return promptRequiredMessage(kind);
  if (prompt.length > MAX_PROMPT_LENGTH) return messages.promptTooLong;
  return null;
}

/** What `firstError` needs of a schema: zod and zod/mini schemas both qualify. */
interface Parses {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] } };
}

/**
 * The first problem of `value` for `schema`, worded as the API answers it: messages written as
 * sentences (the product's own words) stand alone, terse ones are prefixed with the field.
 * Null when the value is valid.
 */
export function firstError(schema: Parses, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const field = issue.path.map(String).join('.');
  return field && !/[.!?]$/.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
}
