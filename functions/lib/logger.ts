import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';

/**
 * Keys whose values are secrets wherever they appear in a log entry (a request's headers, a
 * configuration object, an error's context).
 */
const SECRET_KEY = /api[_-]?key|secret|password|passphrase|authorization|credential|^x-?api-?key$|token$/i;
/** The environment's secrets, removed from any text that quotes them (an error message, a URL). */
const SECRET_SETTINGS = [
  'OPENAI_API_KEY',
  'ELEVENLABS_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];
/** Key shapes that give themselves away: bearer tokens and OpenAI/Stripe-style keys. */
const SECRET_TEXT = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}|\b(sk|rk|pk|whsec)[-_][A-Za-z0-9_-]{8,}/g;
const REDACTED = '[redacted]';

/** A JSON replacer for log entries: secrets by key, by value and by shape become "[redacted]". */
export function redactSecrets(key: string, value: unknown): unknown {
  if (typeof value !== 'string' || !value) return value;
  if (key && SECRET_KEY.test(key)) return REDACTED;
  let text = value.replace(SECRET_TEXT, (match, scheme?: string) =>
    scheme ? `${scheme} ${REDACTED}` : REDACTED,
  );
  for (const name of SECRET_SETTINGS) {
    const secret = process.env[name]?.trim();
    if (secret && secret.length >= 6 && text.includes(secret)) text = text.split(secret).join(REDACTED);
  }
  return text;
}

/** One structured logger per process. LOG_LEVEL=SILENT keeps tests and the local console quiet. */
export const logger = new Logger({
  serviceName: 'bookstudio',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as LogLevel,
  jsonReplacerFn: redactSecrets,
});
