/**
 * The home of the validation messages and limits shared by the SPA and the handlers, and of the
 * small rules the request schemas (auth.ts, users.ts, creator.ts, book-requests.ts) are built from.
 * No runtime imports: pages that only need a message or a limit do not load zod.
 */
/** The password policy (rules in password-policy.ts; Cognito's own policy in infra/definitions.ts). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MAX_DISPLAY_NAME_LENGTH = 50;
/** RFC 5321's limit on an address. */
export const MAX_EMAIL_LENGTH = 254;
/** Cognito's tokens are a few kilobytes; anything far longer is not one. */
export const MAX_TOKEN_LENGTH = 8192;
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
/** Pasted book text: what fits in one API request (6 MB) with room for the JSON around it. */
export const MAX_TEXT_CONTENT_LENGTH = 5_000_000;
export const MAX_CHAPTER_CONTENT_LENGTH = 2_000_000;

export const messages = {
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  passwordTooLong: `Password can be at most ${MAX_PASSWORD_LENGTH} characters.`,
  passwordClasses: 'Password must include an upper-case letter, a lower-case letter and a number.',
  passwordCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordHint: `At least ${MIN_PASSWORD_LENGTH} characters, with upper- and lower-case letters and a number.`,
  emailFirst: 'Please enter your email address first.',
  usernameRequired: 'Username is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  emailTooLong: `Email can be at most ${MAX_EMAIL_LENGTH} characters.`,
  usernameTooLong: `Username can be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`,
  usernameNotText: 'Username must be text.',
  roleInvalid: 'Role must be explorer or author.',
  codeRequired: 'Code is required.',
  codeInvalid: 'That code is not valid. Check the latest email we sent you.',
  refreshTokenRequired: 'refresh_token is required.',
  refreshTokenInvalid: 'refresh_token is not a valid token.',
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
  bookTypeInvalid: 'Book type must be learning or entertainment.',
  difficultyRequired: 'Difficulty is required.',
  difficultyInvalid: 'Difficulty must be easy, medium or hard.',
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
  textTooLong: 'The pasted text is too long: upload it as a file instead.',
  fileKeyInvalid: 'file_key is not an upload key this server issued.',
  filenameTooLong: `File names can be at most ${MAX_FILENAME_LENGTH} characters.`,
  contentTypeInvalid: 'content_type is not a valid content type.',
} as const;

export const structureMessages = {
  keepOneChapter: 'Keep at least one chapter.',
  tooManyChapters: 'A book can have at most 1 000 chapters.',
  chapterTitleTooLong: `Chapter titles can be at most ${MAX_CHAPTER_TITLE_LENGTH} characters.`,
  chapterTooLong: 'A chapter can be at most 2 000 000 characters.',
  summaryTooLong: `Summaries can be at most ${MAX_SUMMARY_LENGTH} characters.`,
  sectionTypeInvalid: 'section_type can be at most 40 characters.',
} as const;

export const learningMessages = {
  promptRequired: 'Please enter a prompt.',
  bookIdRequired: 'book_id is required.',
  bookIdInvalid: 'book_id must be a book id.',
  contextTooLong: `context can be at most ${MAX_CONTEXT_LENGTH} characters.`,
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

/**
 * Characters no title or name needs and that can disguise one: C0 controls (NUL, ESC, line breaks…),
 * DEL and C1 controls, and the bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069)
 * that make "txt.exe" read as "exe.txt".
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A title or name without control and direction-override characters. */
export const stripUnsafeCharacters = (value: string) => value.replace(UNSAFE_IN_NAMES, '');

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

/** A problem as zod (or zod/mini) reports it; only what `firstError` reads. */
interface Issue {
  code?: string;
  message: string;
  path: readonly PropertyKey[];
  expected?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  origin?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** What `firstError` needs of a schema: zod and zod/mini schemas both qualify. */
interface Parses {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly Issue[] } };
}

/** `chapters.0.title` → "Chapters #1 title"; `refresh_token` → "Refresh token". */
function fieldName(path: readonly PropertyKey[]): string {
  const words = path
    .map((part) => (typeof part === 'number' ? `#${part + 1}` : String(part).replace(/_/g, ' ')))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

/** A terse schema problem in words: what is wrong with which field. */
function describe(issue: Issue, value: unknown): string {
  const field = fieldName(issue.path);
  const given = valueAt(value, issue.path);
  const unit = issue.origin === 'array' || issue.origin === 'set' ? 'items' : 'characters';
  switch (issue.code) {
    case 'invalid_type':
      if (given === undefined || given === null) return `${field} is required.`;
      return `${field} must be ${KINDS[issue.expected ?? ''] ?? issue.expected ?? 'of another kind'}.`;
    case 'too_big':
      return issue.origin === 'number'
        ? `${field} must be at most ${issue.maximum}.`
        : `${field} must be at most ${issue.maximum} ${unit}.`;
    case 'too_small':
      if (issue.origin === 'number') return `${field} must be at least ${issue.minimum}.`;
      return Number(issue.minimum) <= 1
        ? `${field} is required.`
        : `${field} must be at least ${issue.minimum} ${unit}.`;
    case 'invalid_value':
      return issue.values?.length
        ? `${field} must be one of: ${issue.values.map(String).join(', ')}.`
        : `${field} is not valid.`;
    case 'invalid_format':
      return `${field} is not in the expected format.`;
    case 'unrecognized_keys':
      return issue.keys?.length === 1
        ? `The field ${issue.keys[0]} is not accepted here.`
        : `The fields ${issue.keys?.join(', ')} are not accepted here.`;
    default:
      return `${field}: ${issue.message}`;
  }
}

/** The shapes of zod's own English messages ("Too big: expected string to have <=50 characters"). */
const ZOD_DEFAULT =
  /^(Invalid input(: |$)|Invalid option: |Too (big|small): |Unrecognized keys?: |Invalid (string|number|key|value|element)\b)/;

/**
 * The first problem of `value` for `schema`, worded as the API answers it: the product's own words
 * (a schema's custom message) stand alone; zod's defaults are put into words that name the field
 * and say what is wrong with it. Null when the value is valid.
 */
export function firstError(schema: Parses, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  if (issue.path.length === 0 && issue.code === 'invalid_type')
    return 'The request body must be a JSON object with the fields this call takes.';
  return describe(issue, value);
}
