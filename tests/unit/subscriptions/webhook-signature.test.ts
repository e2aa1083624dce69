import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../../functions/lib/payments/port';
import { createSignatureChecker, signedAt, TOLERANCE_SECONDS } from '../../../functions/lib/payments/stripe';

/** A webhook's signature is taken only within the tolerance of now, in the past and in the future. */
const secret = 'whsec_test_secret';
const payload = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: {} } });
const now = Date.UTC(2026, 10, 27, 12, 0, 0);
const nowSeconds = Math.floor(now / 1000);
const signed = (timestamp: number, key = secret) =>
  new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: key, timestamp });
const checker = createSignatureChecker(secret, () => now);

describe('webhook signatures and their timestamp', () => {
  it('takes an event signed now, or up to the tolerance before or after now', () => {
    for (const offset of [0, -TOLERANCE_SECONDS + 1, TOLERANCE_SECONDS - 1, TOLERANCE_SECONDS])
      expect(checker.verify(payload, signed(nowSeconds + offset)).id, `offset ${offset}`).toBe('evt_1');
  });

  it('refuses one signed more than the tolerance in the future, as one more than the tolerance old', () => {
    for (const offset of [TOLERANCE_SECONDS + 1, 3600, 365 * 86_400, -TOLERANCE_SECONDS - 1])
      expect(() => checker.verify(payload, signed(nowSeconds + offset)), `offset ${offset}`).toThrow(
        WebhookSignatureError,
      );
    expect(() => checker.verify(payload, signed(nowSeconds + 3600))).toThrow(/in the future/);
  });

  it('refuses a wrong key and a header without a timestamp', () => {
    expect(() => checker.verify(payload, signed(nowSeconds, 'whsec_other'))).toThrow(WebhookSignatureError);
    const withoutTime = signed(nowSeconds).replace(/t=\d+,?/, '');
    expect(signedAt(withoutTime)).toBeNull();
    expect(() => checker.verify(payload, withoutTime)).toThrow(WebhookSignatureError);
    expect(signedAt(`t=${nowSeconds},v1=abc`)).toBe(nowSeconds);
  });
});
