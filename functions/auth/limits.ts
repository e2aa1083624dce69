import type { ThrottleRule } from '../lib/throttle';

/**
 * How often each account operation may be tried, per account (the email address) and per network
 * address. The same rules run locally and on AWS (the counters live in the table); on AWS, WAF's
 * rate-based rule on /api/v1/auth/* and Cognito's own lockout sit in front of them.
 *
 * | rule          | counts                                      | limit        | then                          |
 * |---------------|---------------------------------------------|--------------|-------------------------------|
 * | signInAccount | sign-ins to one account (a success clears)  | 5 / 15 min   | locked 1 min, doubling to 15  |
 * | signInAddress | sign-ins from one address (successes free)  | 50 / 15 min  | locked 5 min, doubling to 60  |
 * | codeAccount   | verification and reset codes for an account | 5 / 15 min   | locked 1 min, doubling to 15  |
 * | codeAddress   | codes tried from one address                | 50 / 15 min  | locked 5 min, doubling to 60  |
 * | emailAccount  | emails sent to one address (sign-up, resend, reset) | 5 / hour | locked for the hour      |
 * | emailAddress  | emails asked for from one network address   | 50 / hour    | locked for the hour           |
 */
const MINUTE = 60;

export const limits = {
  signInAccount: {
    name: 'signin-account',
    limit: 5,
    windowSeconds: 15 * MINUTE,
    lockSeconds: MINUTE,
    maxLockSeconds: 15 * MINUTE,
  },
  signInAddress: {
    name: 'signin-ip',
    limit: 50,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 5 * MINUTE,
    maxLockSeconds: 60 * MINUTE,
  },
  codeAccount: {
    name: 'code-account',
    limit: 5,
    windowSeconds: 15 * MINUTE,
    lockSeconds: MINUTE,
    maxLockSeconds: 15 * MINUTE,
  },
  codeAddress: {
    name: 'code-ip',
    limit: 50,
    windowSeconds: 15 * MINUTE,
    lockSeconds: 5 * MINUTE,
    maxLockSeconds: 60 * MINUTE,
  },
  emailAccount: {
    name: 'email-account',
    limit: 5,
    windowSeconds: 60 * MINUTE,
    lockSeconds: 60 * MINUTE,
    maxLockSeconds: 60 * MINUTE,
  },
  emailAddress: {
    name: 'email-ip',
    limit: 50,
    windowSeconds: 60 * MINUTE,
    lockSeconds: 60 * MINUTE,
    maxLockSeconds: 60 * MINUTE,
  },
} as const satisfies Record<string, ThrottleRule>;
