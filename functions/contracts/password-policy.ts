import { COMMON_PASSWORDS } from './common-passwords';
import { MAX_PASSWORD_LENGTH, messages, MIN_PASSWORD_LENGTH } from './validation';

/**
 * The password policy, in one place for the sign-up and reset forms, the API and the user pool
 * (infra/definitions.ts mirrors the parts Cognito can enforce):
 *
 * - at least 8 characters, at most 256 (Cognito's maximum);
 * - at least one lower-case letter, one upper-case letter and one digit (symbols allowed, not
 *   required: length and the common-password check do more than a forced symbol);
 * - not a common password, however dressed up ("Password1!", "P@ssw0rd2024", "Qwerty123");
 * - not one character repeated, nor a run such as "abcdefgh" or "12345678".
 */
export const passwordMessages = {
  tooShort: messages.passwordTooShort,
  tooLong: messages.passwordTooLong,
  classes: messages.passwordClasses,
  common: messages.passwordCommon,
} as const;

const COMMON = new Set(COMMON_PASSWORDS);
const SWAPS: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};

/** The password without digits and symbols around it, with letter-for-digit swaps undone. */
function stem(password: string): string {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return core.replace(/[0-9@$!|+]/g, (c) => SWAPS[c] ?? c);
}

function isRun(value: string): boolean {
  if (value.length < 4) return false;
  const step = value.charCodeAt(1) - value.charCodeAt(0);
  if (Math.abs(step) > 1) return false;
  for (let i = 2; i < value.length; i++)
    if (value.charCodeAt(i) - value.charCodeAt(i - 1) !== step) return false;
  return true;
}

/** True when the password is common, dressed-up common, one repeated character or a run. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower) || isRun(lower)) return true;
  const core = stem(password);
  if (core.length >= 3 && (COMMON.has(core) || isRun(core))) return true;
  // "Password" + the swapped-back digits: "passw0rd" stems to "passw" + "rd"; check the whole swap too.
  const swapped = lower.replace(/[0-9@$!|+]/g, (c) => SWAPS[c] ?? c).replace(/[^a-z]+$/g, '');
  return COMMON.has(swapped);
}

/** The first rule a chosen password breaks, in the user's words; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return passwordMessages.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return passwordMessages.tooLong;
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password))
    return passwordMessages.classes;
  if (isCommonPassword(password)) return passwordMessages.common;
  return null;
}
