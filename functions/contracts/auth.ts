import { ROLES } from './api';
import { z } from './zod';
import { passwordProblem } from './password-policy';
import {
  firstError,
  isValidEmail,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_TOKEN_LENGTH,
  MAX_VERIFICATION_CODE_LENGTH,
  messages,
  stripUnsafeCharacters,
} from './validation';

/**
 * Request bodies of /auth, with the rules and messages the API answers with, and the sign-up and
 * password-reset forms of the SPA (which add the password confirmation).
 */

/** The schema-level message for a missing field, and another for a value that is not text. */
const textField = (required: string, notText: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? required : notText),
});

/** Trimmed, required, a valid address; lower-cased. */
export const email = z
  .string(textField(messages.emailRequired, messages.emailInvalid))
  .check(
    z.trim(),
    z.minLength(1, messages.emailRequired),
    z.maxLength(MAX_EMAIL_LENGTH, messages.emailTooLong),
    z.refine(isValidEmail, messages.emailInvalid),
    z.toLowerCase(),
  );

/** A password being used: anything but empty, and no longer than any password can be. */
export const password = z
  .string(textField(messages.passwordRequired, messages.passwordRequired))
  .check(
    z.minLength(1, messages.passwordRequired),
    z.maxLength(MAX_PASSWORD_LENGTH, messages.passwordTooLong),
  );

/** A password being chosen: the policy of password-policy.ts. */
export const newPassword = z.string(textField(messages.passwordRequired, messages.passwordRequired)).check(
  z.superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
);

/** A code from an email (verification or password reset). */
const code = (required: string = messages.codeRequired) =>
  z
    .string(textField(required, messages.codeInvalid))
    .check(
      z.trim(),
      z.minLength(1, required),
      z.maxLength(MAX_VERIFICATION_CODE_LENGTH, messages.codeInvalid),
    );

/** A refresh token as the API handed it out. */
export const refreshToken = z
  .string(textField(messages.refreshTokenRequired, messages.refreshTokenInvalid))
  .check(
    z.minLength(1, messages.refreshTokenRequired),
    z.maxLength(MAX_TOKEN_LENGTH, messages.refreshTokenInvalid),
  );

export { ROLES };

/** A display name: control and direction-override characters removed, trimmed, 1–50 characters. */
export const displayName = z
  .string(textField(messages.usernameRequired, messages.usernameNotText))
  .check(
    z.overwrite(stripUnsafeCharacters),
    z.trim(),
    z.minLength(1, messages.usernameRequired),
    z.maxLength(MAX_DISPLAY_NAME_LENGTH, messages.usernameTooLong),
  );

export const signUpRequest = z.object({
  display_name: displayName,
  email,
  password: newPassword,
  role: z._default(z.enum(ROLES, { error: messages.roleInvalid }), 'explorer'),
});
export type SignUpRequest = z.input<typeof signUpRequest>;

export const signInRequest = z.object({ email, password });

export const verifyEmailRequest = z.object({ email, code: code() });

export const resendVerificationRequest = z.object({ email });

export const passwordResetRequest = z.object({ email });

export const passwordResetConfirmRequest = z.object({ email, token: code(), new_password: newPassword });

export const refreshRequest = z.object({ refresh_token: refreshToken });

/** POST /auth/logout: the refresh token of the session being ended, when the client has it. */
export const logoutRequest = z.object({ refresh_token: z.optional(refreshToken) });

/**
 * The new password of a form, once it is typed: the confirmation must match, then the password
 * must satisfy `newPassword`. Runs after the fields' own rules, so "required" comes first.
 */
const confirmed = <K extends string>(field: K) =>
  z.superRefine<Record<K | 'confirmPassword', string>>((form, ctx) => {
    if (form[field] !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: messages.passwordsDoNotMatch, path: ['confirmPassword'] });
      return;
    }
    const chosen = newPassword.safeParse(form[field]);
    for (const issue of chosen.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
  });

/** The sign-up form: the request's fields in the form's order, and the confirmation. */
export const signUpForm = z
  .object({
    display_name: signUpRequest.shape.display_name,
    email,
    password,
    confirmPassword: z.string(),
  })
  .check(confirmed('password'));
export type SignUpForm = z.input<typeof signUpForm>;

/** The "choose a new password" form; the code is asked for in the form's own words. */
export const passwordResetConfirmForm = z
  .object({
    email,
    token: code(messages.resetCodeRequired),
    new_password: password,
    confirmPassword: z.string(),
  })
  .check(confirmed('new_password'));
export type PasswordResetConfirmForm = z.input<typeof passwordResetConfirmForm>;

/** First failing rule of the sign-up form, in the order the form shows its fields. */
export const validateSignUp = (form: SignUpForm) => firstError(signUpForm, form);
export const validateResetConfirm = (form: PasswordResetConfirmForm) =>
  firstError(passwordResetConfirmForm, form);
