import { ROLES } from './api';
import { z } from './zod';
import {
  firstError,
  isValidEmail,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_VERIFICATION_CODE_LENGTH,
  messages,
  MIN_PASSWORD_LENGTH,
} from './validation';

/**
 * Request bodies of /auth, with the rules and messages the API answers with, and the sign-up and
 * password-reset forms of the SPA (which add the password confirmation).
 */

/** Trimmed, required, a valid address; lower-cased. */
export const email = z
  .string({ error: messages.emailRequired })
  .check(
    z.trim(),
    z.minLength(1, messages.emailRequired),
    z.refine(isValidEmail, messages.emailInvalid),
    z.toLowerCase(),
  );

/** A password being used: anything but empty. */
export const password = z
  .string({ error: messages.passwordRequired })
  .check(z.minLength(1, messages.passwordRequired));

/** A password being chosen. */
export const newPassword = z
  .string({ error: messages.passwordRequired })
  .check(z.minLength(MIN_PASSWORD_LENGTH, messages.passwordTooShort));

/** A code from an email (verification or password reset). */
const code = (required?: string) =>
  z.string().check(z.trim(), z.minLength(1, required), z.maxLength(MAX_VERIFICATION_CODE_LENGTH));

export { ROLES };

export const signUpRequest = z.object({
  display_name: z
    .string({ error: messages.usernameRequired })
    .check(z.trim(), z.minLength(1, messages.usernameRequired), z.maxLength(MAX_DISPLAY_NAME_LENGTH)),
  email,
  password: newPassword,
  role: z._default(z.enum(ROLES), 'explorer'),
});
export type SignUpRequest = z.input<typeof signUpRequest>;

export const signInRequest = z.object({ email, password });
export type SignInRequest = z.input<typeof signInRequest>;

export const verifyEmailRequest = z.object({ email, code: code() });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequest>;

export const resendVerificationRequest = z.object({ email });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequest>;

export const passwordResetRequest = z.object({ email });
export type PasswordResetRequest = z.input<typeof passwordResetRequest>;

export const passwordResetConfirmRequest = z.object({ email, token: code(), new_password: newPassword });
export type PasswordResetConfirmRequest = z.input<typeof passwordResetConfirmRequest>;

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
