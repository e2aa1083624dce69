import { describe, expect, it } from 'vitest';
import { CODE_PLACEHOLDER, passwordResetEmail, verificationEmail } from '../../functions/auth/emails';

describe('account emails', () => {
  it('carry a verification link with the email and the code placeholder Cognito fills', () => {
    const email = verificationEmail('https://app.example.com', 'a+b@example.com', 'Ann <3');
    expect(email.subject).toContain('Verify');
    expect(email.html).toContain(
      `https://app.example.com/auth/verify?email=a%2Bb%40example.com&code=${CODE_PLACEHOLDER}`,
    );
    expect(email.html).toContain('Ann &lt;3');
    expect(email.html.split(CODE_PLACEHOLDER).length - 1).toBe(2);
  });

  it('carry a reset link and the code', () => {
    const email = passwordResetEmail('http://localhost:3000', 'a@b.co', '');
    expect(email.html).toContain(`http://localhost:3000/auth/reset?email=a%40b.co&code=${CODE_PLACEHOLDER}`);
    expect(email.html).toContain('Hi there');
  });
});
