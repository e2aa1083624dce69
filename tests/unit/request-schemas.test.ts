import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  passwordResetConfirmForm,
  passwordResetConfirmRequest,
  passwordResetRequest,
  resendVerificationRequest,
  signInRequest,
  signUpForm,
  signUpRequest,
  verifyEmailRequest,
} from '../../functions/contracts/auth';
import { bookDetailsRequest, tagList, uploadUrlRequest } from '../../functions/contracts/book-requests';
import { promptRequest } from '../../functions/contracts/creator';
import { profileUpdateRequest } from '../../functions/contracts/users';
import { firstError } from '../../functions/contracts/validation';

/** Each case: an invalid body and the first message the API answers it with. */
type Cases = [body: unknown, message: string][];

function expectMessages(schema: Parameters<typeof firstError>[0], cases: Cases) {
  for (const [body, message] of cases) expect(firstError(schema, body), JSON.stringify(body)).toBe(message);
}

const valid = { email: 'ann@example.com', password: 'Secret-Pass1' };

describe('auth request schemas', () => {
  const emailCases = (rest: object): Cases => [
    [{ ...rest }, 'Email is required.'],
    [{ ...rest, email: '  ' }, 'Email is required.'],
    [{ ...rest, email: 42 }, 'Please enter a valid email address.'],
    [{ ...rest, email: 'ann@example' }, 'Please enter a valid email address.'],
  ];

  it('sign-up', () => {
    const body = { display_name: 'Ann', ...valid, role: 'author' };
    expectMessages(signUpRequest, [
      [{ ...body, display_name: ' ' }, 'Username is required.'],
      [{ ...body, display_name: undefined }, 'Username is required.'],
      // The type's message stands for all its rules: the API answers a long name so today.
      [{ ...body, display_name: 'x'.repeat(51) }, 'Username can be at most 50 characters.'],
      [{ ...body, display_name: 'x'.repeat(1_000_000) }, 'Username can be at most 50 characters.'],
      [{ ...body, display_name: 7 }, 'Username must be text.'],
      [{ ...body, display_name: '\u0000\u001b\u202e' }, 'Username is required.'],
      [
        { ...body, password: 'password' },
        'Password must include an upper-case letter, a lower-case letter and a number.',
      ],
      [
        { ...body, password: 'Password123' },
        'This password is too common. Choose one that is harder to guess.',
      ],
      ...emailCases({ display_name: 'Ann', password: 'Secret-Pass1' }),
      [{ ...body, password: '' }, 'Password must be at least 8 characters long.'],
      [{ ...body, password: 'abc12' }, 'Password must be at least 8 characters long.'],
      [{ ...body, password: undefined }, 'Password is required.'],
      [{ ...body, role: 'admin' }, 'Role must be explorer or author.'],
    ]);
    expect(
      signUpRequest.parse({ display_name: ' Ann ', email: ' Ann@Example.COM ', password: 'Secret-Pass1' }),
    ).toEqual({ display_name: 'Ann', email: 'ann@example.com', password: 'Secret-Pass1', role: 'explorer' });
  });

  it('sign-in', () => {
    expectMessages(signInRequest, [
      ...emailCases({ password: 'Secret-Pass1' }),
      [{ email: valid.email }, 'Password is required.'],
      [{ email: valid.email, password: '' }, 'Password is required.'],
    ]);
    expect(firstError(signInRequest, valid)).toBeNull();
  });

  it('verify email, resend verification and request password reset', () => {
    expectMessages(verifyEmailRequest, [
      ...emailCases({ code: '123456' }),
      [{ email: valid.email }, 'Code is required.'],
      [{ email: valid.email, code: ' ' }, 'Code is required.'],
      [
        { email: valid.email, code: '1'.repeat(65) },
        'That code is not valid. Check the latest email we sent you.',
      ],
    ]);
    expectMessages(resendVerificationRequest, emailCases({}));
    expectMessages(passwordResetRequest, emailCases({}));
    expect(passwordResetRequest.parse({ email: ' Ann@Example.com ' })).toEqual({ email: 'ann@example.com' });
  });

  it('confirm password reset', () => {
    const body = { email: valid.email, token: '123456', new_password: 'Secret-Pass1' };
    expectMessages(passwordResetConfirmRequest, [
      ...emailCases({ token: '123456', new_password: 'Secret-Pass1' }),
      [{ ...body, token: '' }, 'Code is required.'],
      [{ ...body, new_password: 'abc' }, 'Password must be at least 8 characters long.'],
      [{ ...body, new_password: undefined }, 'Password is required.'],
    ]);
  });

  it('the forms ask for each field in order, then a matching password of 8 characters', () => {
    const form = { display_name: 'Ann', ...valid, confirmPassword: 'Secret-Pass1' };
    expectMessages(signUpForm, [
      [{ ...form, display_name: '' }, 'Username is required.'],
      [{ ...form, email: '' }, 'Email is required.'],
      [{ ...form, email: 'x' }, 'Please enter a valid email address.'],
      [{ ...form, password: '', confirmPassword: '' }, 'Password is required.'],
      [{ ...form, password: 'abc', confirmPassword: 'abd' }, 'Passwords do not match.'],
      [{ ...form, password: 'abc', confirmPassword: 'abc' }, 'Password must be at least 8 characters long.'],
    ]);
    const reset = {
      email: valid.email,
      token: '123456',
      new_password: 'Secret-Pass1',
      confirmPassword: 'Secret-Pass1',
    };
    expectMessages(passwordResetConfirmForm, [
      [{ ...reset, email: '' }, 'Email is required.'],
      [{ ...reset, token: ' ' }, 'Reset code is required.'],
      [{ ...reset, new_password: '', confirmPassword: '' }, 'Password is required.'],
      [{ ...reset, confirmPassword: 'other12' }, 'Passwords do not match.'],
      [
        { ...reset, new_password: '123', confirmPassword: '123' },
        'Password must be at least 8 characters long.',
      ],
    ]);
    expect(firstError(signUpForm, form)).toBeNull();
    expect(firstError(passwordResetConfirmForm, reset)).toBeNull();
  });
});

describe('profile update schema', () => {
  it('checks the name, the avatar address and the bio', () => {
    expectMessages(profileUpdateRequest, [
      [{ display_name: ' ' }, 'Display name is required.'],
      [{ display_name: 'x'.repeat(51) }, 'Display name must be at most 50 characters.'],
      [
        { avatar_url: 'javascript:alert(1)' },
        'Avatar URL must be a web address starting with http:// or https://.',
      ],
      [
        { avatar_url: `https://${'x'.repeat(2048)}` },
        'Avatar URL must be a web address starting with http:// or https://.',
      ],
      [{ bio: 'b'.repeat(501) }, 'Bio must be at most 500 characters.'],
      [{ role: 'author' }, 'The field role is not accepted here.'],
    ]);
  });
  it('clears empty fields and leaves absent ones', () => {
    expect(profileUpdateRequest.parse({ avatar_url: ' ', bio: ' Hi ' })).toEqual({
      avatar_url: null,
      bio: 'Hi',
    });
    expect(profileUpdateRequest.parse({})).toEqual({});
  });
});

describe('creator prompt schema', () => {
  it('needs a known kind and a non-blank prompt of at most 4000 characters', () => {
    expectMessages(promptRequest, [
      [{ kind: 'film', prompt: 'x' }, 'kind must be book, script or video.'],
      [{ kind: 'book', prompt: '  ' }, 'Please enter a prompt for the book.'],
      [{ kind: 'video', prompt: '' }, 'Please enter a prompt for the video.'],
      [{ kind: 'script', prompt: 'x'.repeat(4001) }, 'Prompts can be at most 4000 characters.'],
    ]);
    expect(firstError(promptRequest, { kind: 'script', prompt: 'Two rivals in a lifeboat' })).toBeNull();
  });
});

describe('book schemas', () => {
  it('book details', () => {
    expectMessages(bookDetailsRequest, [
      [{ title: ' ' }, 'Title is required.'],
      [{ title: 'x'.repeat(201) }, 'Title can be at most 200 characters.'],
      [{ author_name: '' }, 'Author name is required.'],
      [{ author_name: 'x'.repeat(201) }, 'Author name can be at most 200 characters.'],
      [{ book_type: '' }, 'Book type is required.'],
      [{ book_type: 'poetry' }, 'Book type must be learning or entertainment.'],
      [{ difficulty: 'extreme' }, 'Difficulty must be easy, medium or hard.'],
      [{ difficulty: '' }, 'Difficulty is required.'],
      [{ description: 'd'.repeat(5001) }, 'Description can be at most 5 000 characters.'],
      [{ language: 'English' }, 'Language must be a language code such as en or pt-BR.'],
      [{ estimated_duration: 1.5 }, 'Estimated duration must be a whole number.'],
      [{ estimated_duration: -1 }, 'Estimated duration must be at least 0.'],
      [{ estimated_duration: 100_001 }, 'Estimated duration must be at most 100000.'],
      [{ tags: ['x'.repeat(41)] }, 'Tags can be at most 40 characters.'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }, 'A book can have at most 20 tags.'],
      [{ genre: 'poetry' }, 'Genre must be one of: fantasy, mystery, romance, scifi, adventure, thriller.'],
      [{ title: 'A', owner: 'me' }, 'The field owner is not accepted here.'],
      [{ title: '', author_name: '', book_type: '' }, 'Title is required.'],
    ]);
    expect(
      bookDetailsRequest.parse({ title: ' Sea ', language: 'pt-BR', estimated_duration: null, genre: null }),
    ).toEqual({ title: 'Sea', language: 'pt-BR', estimated_duration: null, genre: null });
  });
  it('tags are trimmed and kept once, whatever their case', () => {
    expect(tagList.parse([' sea ', 'Sea', 'storm'])).toEqual(['sea', 'storm']);
  });
  it('upload URL', () => {
    expectMessages(uploadUrlRequest, [
      [{ filename: 'book.doc', size: 10 }, 'Accepted file types are .pdf, .docx, .txt and .epub.'],
      [{ filename: 'book.pdf', size: 0 }, 'The file is empty.'],
      [{ filename: '', size: 10 }, 'Please select a file to upload.'],
      [
        { filename: 'book.pdf', size: 10, content_type: 'x'.repeat(201) },
        'content_type is not a valid content type.',
      ],
    ]);
    expect(firstError(uploadUrlRequest, { filename: ' Book.EPUB ', size: 1 })).toBeNull();
  });
});

describe('embedding', () => {
  it('a zod/mini schema parses inside a classic zod schema', () => {
    const wrapped = z.object({ inner: signInRequest });
    const result = wrapped.safeParse({ inner: { email: 'x', password: 'Secret-Pass1' } });
    expect(result.error?.issues[0]?.message).toBe('Please enter a valid email address.');
    expect(wrapped.parse({ inner: { email: ' A@B.co ', password: 'p' } })).toEqual({
      inner: { email: 'a@b.co', password: 'p' },
    });
  });
});
