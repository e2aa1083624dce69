/**
 * Texts of the emails Cognito sends (through the CustomMessage trigger). `{####}` is replaced by
 * Cognito with the code; links carry it so one click completes the step.
 */
export const CODE_PLACEHOLDER = '{####}';
export const PRODUCT_NAME = 'BookStudio';

export interface EmailContent {
  subject: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(greeting: string, lead: string, link: string, action: string, codeLabel: string): string {
  return [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    `<p><a href="${link}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(codeLabel)} <strong>${CODE_PLACEHOLDER}</strong></p>`,
    `<p>If you did not ask for this, you can ignore this email.</p>`,
    `<p>— ${PRODUCT_NAME}</p>`,
  ].join('\n');
}

export function verificationEmail(appUrl: string, email: string, name: string): EmailContent {
  const link = `${appUrl}/auth/verify?email=${encodeURIComponent(email)}&code=${CODE_PLACEHOLDER}`;
  return {
    subject: `Verify your email for ${PRODUCT_NAME}`,
    html: layout(
      `Hi ${name || 'there'},`,
      `Welcome to ${PRODUCT_NAME}! Confirm your email address to finish creating your account.`,
      link,
      'Verify my email',
      'Or enter this verification code:',
    ),
  };
}

export function passwordResetEmail(appUrl: string, email: string, name: string): EmailContent {
  const link = `${appUrl}/auth/reset?email=${encodeURIComponent(email)}&code=${CODE_PLACEHOLDER}`;
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    html: layout(
      `Hi ${name || 'there'},`,
      'We received a request to reset your password.',
      link,
      'Choose a new password',
      'Or enter this reset code:',
    ),
  };
}

/**
 * Sent instead of telling a stranger that an address has an account: the owner learns that someone
 * tried to sign up with it, and gets a reset code in case it was them and they forgot the password.
 */
export function signUpAttemptEmail(appUrl: string, email: string, name: string): EmailContent {
  const link = `${appUrl}/auth/reset?email=${encodeURIComponent(email)}&code=${CODE_PLACEHOLDER}`;
  return {
    subject: `Someone tried to sign up for ${PRODUCT_NAME} with your address`,
    html: layout(
      `Hi ${name || 'there'},`,
      `Someone tried to create a ${PRODUCT_NAME} account with this email address, which already has one. ` +
        'If it was you, sign in with your password, or choose a new one.',
      link,
      'Choose a new password',
      'Or enter this reset code:',
    ),
  };
}
