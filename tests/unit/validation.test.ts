import { describe, expect, it } from 'vitest';
import { newPassword, validateResetConfirm, validateSignUp } from '../../functions/contracts/auth';
import { validateProfile } from '../../functions/contracts/users';
import { z } from '../../functions/contracts/zod';
import {
  firstError,
  isValidAvatarUrl,
  messages,
  promptRequiredMessage,
  validatePrompt,
} from '../../functions/contracts/validation';

const signUp = {
  display_name: 'Ann',
  email: 'ann@example.com',
  password: 'Secret-Pass1',
  confirmPassword: 'Secret-Pass1',
};

describe('sign-up validation', () => {
  it('accepts a complete form', () => expect(validateSignUp(signUp)).toBeNull());
  it('requires username, email and password', () => {
    expect(validateSignUp({ ...signUp, display_name: '  ' })).toBe(messages.usernameRequired);
    expect(validateSignUp({ ...signUp, email: '' })).toBe(messages.emailRequired);
    expect(validateSignUp({ ...signUp, email: 'not-an-email' })).toBe(messages.emailInvalid);
    expect(validateSignUp({ ...signUp, password: '', confirmPassword: '' })).toBe(messages.passwordRequired);
  });
  it('needs matching passwords of at least 8 characters, with the spec messages', () => {
    expect(validateSignUp({ ...signUp, confirmPassword: 'secreT' })).toBe('Passwords do not match.');
    expect(validateSignUp({ ...signUp, password: 'abc12', confirmPassword: 'abc12' })).toBe(
      'Password must be at least 8 characters long.',
    );
    expect(newPassword.safeParse('Kettle-19x').success).toBe(true);
    expect(newPassword.safeParse('abcdefgh').success).toBe(false);
  });
});

describe('password reset validation', () => {
  const reset = {
    email: 'a@b.co',
    token: '123456',
    new_password: 'New-Pass-42',
    confirmPassword: 'New-Pass-42',
  };
  it('accepts a complete form', () => expect(validateResetConfirm(reset)).toBeNull());
  it('requires email, code and matching passwords', () => {
    expect(validateResetConfirm({ ...reset, token: ' ' })).toBe(messages.resetCodeRequired);
    expect(validateResetConfirm({ ...reset, email: 'x' })).toBe(messages.emailInvalid);
    expect(validateResetConfirm({ ...reset, confirmPassword: 'other12' })).toBe('Passwords do not match.');
    expect(validateResetConfirm({ ...reset, new_password: '123', confirmPassword: '123' })).toBe(
      'Password must be at least 8 characters long.',
    );
  });
});

describe('profile validation', () => {
  it('requires a display name of at most 50 characters', () => {
    expect(validateProfile({ display_name: ' ', avatar_url: '', bio: '' })).toBe(
      messages.displayNameRequired,
    );
    expect(validateProfile({ display_name: 'x'.repeat(51), avatar_url: '', bio: '' })).toBe(
      messages.displayNameTooLong,
    );
  });
  it('accepts empty or http(s) avatar URLs only', () => {
    expect(isValidAvatarUrl('')).toBe(true);
    expect(isValidAvatarUrl('https://example.com/a.png')).toBe(true);
    expect(isValidAvatarUrl('javascript:alert(1)')).toBe(false);
    expect(isValidAvatarUrl('https://exa mple.com')).toBe(false);
  });
  it('limits the bio to 500 characters', () => {
    expect(validateProfile({ display_name: 'A', avatar_url: '', bio: 'b'.repeat(501) })).toBe(
      messages.bioTooLong,
    );
  });
});

describe('creator prompts', () => {
  it('must be non-blank, with a message per kind', () => {
    expect(validatePrompt('book', '  ')).toBe('Please enter a prompt for the book.');
    expect(validatePrompt('script', '')).toBe('Please enter a prompt for the script.');
    expect(validatePrompt('video', '\n')).toBe(promptRequiredMessage('video'));
    expect(validatePrompt('video', 'A trailer')).toBeNull();
  });
});

describe('schema problems in words', () => {
  const schema = z.strictObject({
    title: z.string().check(z.maxLength(5)),
    chapters: z.array(z.object({ title: z.string(), pages: z.number().check(z.gte(1)) })),
    kind: z.enum(['book', 'film']),
  });
  const valid = { title: 'Sea', chapters: [{ title: 'One', pages: 3 }], kind: 'book' };
  it.each([
    [{ ...valid, title: undefined }, 'Title is required.'],
    [{ ...valid, title: 5 }, 'Title must be text.'],
    [{ ...valid, title: 'x'.repeat(6) }, 'Title must be at most 5 characters.'],
    [{ ...valid, chapters: 'none' }, 'Chapters must be a list.'],
    [
      { ...valid, chapters: [valid.chapters[0], { title: 'Two', pages: 0 }] },
      'Chapters #2 pages must be at least 1.',
    ],
    [{ ...valid, kind: 'song' }, 'Kind must be one of: book, film.'],
    [{ ...valid, owner: 'me' }, 'The field owner is not accepted here.'],
    [null, 'The request body must be a JSON object with the fields this call takes.'],
  ])('%j → %s', (value, message) => expect(firstError(schema, value)).toBe(message));

  it('keeps the product’s own sentences as they are', () => {
    const worded = z.object({ name: z.string().check(z.minLength(1, 'Character name is required')) });
    expect(firstError(worded, { name: '' })).toBe('Character name is required');
    expect(firstError(worded, { name: 'Ann' })).toBeNull();
  });
});
