/**
 * Validation rules and their messages, shared by the SPA (to answer as the user types) and the
 * handlers (which enforce them). Pure functions, no dependencies: the SPA bundles this file.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_DISPLAY_NAME_LENGTH = 50;
export const MAX_BIO_LENGTH = 500;
export const MAX_AVATAR_URL_LENGTH = 2048;
export const MAX_PROMPT_LENGTH = 4000;

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

export function validateNewPassword(password: string, confirmation: string): string | null {
  if (password !== confirmation) return messages.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return messages.passwordTooShort;
  return null;
}

export interface SignUpInput {
  display_name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** First failing rule of the sign-up form, in the order the form shows its fields. */
export function validateSignUp(input: SignUpInput): string | null {
  if (!input.display_name.trim()) return messages.usernameRequired;
  if (!input.email.trim()) return messages.emailRequired;
  if (!isValidEmail(input.email)) return messages.emailInvalid;
  if (!input.password) return messages.passwordRequired;
  return validateNewPassword(input.password, input.confirmPassword);
}

export interface ResetConfirmInput {
  email: string;
  token: string;
  new_password: string;
  confirmPassword: string;
}

export function validateResetConfirm(input: ResetConfirmInput): string | null {
  if (!input.email.trim()) return messages.emailRequired;
  if (!isValidEmail(input.email)) return messages.emailInvalid;
  if (!input.token.trim()) return messages.resetCodeRequired;
  if (!input.new_password) return messages.passwordRequired;
  return validateNewPassword(input.new_password, input.confirmPassword);
}

export interface ProfileInput {
  display_name: string;
  avatar_url: string;
  bio: string;
}

export function validateProfile(input: ProfileInput): string | null {
  const name = input.display_name.trim();
  if (!name) return messages.displayNameRequired;
  if (name.length > MAX_DISPLAY_NAME_LENGTH) return messages.displayNameTooLong;
  if (!isValidAvatarUrl(input.avatar_url)) return messages.avatarUrlInvalid;
  if (input.bio.length > MAX_BIO_LENGTH) return messages.bioTooLong;
  return null;
}

export function validatePrompt(kind: PromptKind, prompt: string): string | null {
  if (!prompt.trim()) return promptRequiredMessage(kind);
  if (prompt.length > MAX_PROMPT_LENGTH) return messages.promptTooLong;
  return null;
}

export interface BookDetailsInput {
  title: string;
  author_name: string;
  book_type: string;
  difficulty: string;
  estimated_duration: string;
}

export const bookDetailMessages = {
  titleRequired: 'Title is required.',
  authorRequired: 'Author name is required.',
  bookTypeRequired: 'Book type is required.',
  difficultyRequired: 'Difficulty is required.',
  durationDigits: 'Estimated duration accepts digits only.',
} as const;

/** First failing rule of the book details step. */
export function validateBookDetails(input: BookDetailsInput): string | null {
  if (!input.title.trim()) return bookDetailMessages.titleRequired;
  if (!input.author_name.trim()) return bookDetailMessages.authorRequired;
  if (!input.book_type) return bookDetailMessages.bookTypeRequired;
  if (!input.difficulty) return bookDetailMessages.difficultyRequired;
  if (input.estimated_duration && !/^\d+$/.test(input.estimated_duration))
    return bookDetailMessages.durationDigits;
  return null;
}

/** Estimated duration is typed as digits and sent as a number, or null when empty. */
export const durationValue = (input: string): number | null => (/^\d+$/.test(input) ? Number(input) : null);
