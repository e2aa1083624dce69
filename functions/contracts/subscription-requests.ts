import { BILLING_PERIODS, paymentMessages, subscriptionMessages, TIERS } from './subscriptions';
import { z } from './zod';

/**
 * Request bodies of the subscription and payment routes, shared with the SPA. Unknown values are
 * 400s in words that list the choices; a book that is not the caller's is a 404 (checked by the
 * service).
 */

const MAX_URL_LENGTH = 2000;

/** An absolute http(s) URL (where checkout sends the browser back). */
const returnUrl = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(MAX_URL_LENGTH, message),
    z.refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, message),
  );

/**
 * POST /subscriptions/checkout: tier, billing_period (default monthly: the dashboard variant omits
 * it), success_url, cancel_url.
 */
export const checkoutRequest = z.object({
  tier: z.enum(TIERS, { error: subscriptionMessages.tierInvalid }),
  billing_period: z._default(
    z.enum(BILLING_PERIODS, { error: subscriptionMessages.billingPeriodInvalid }),
    'monthly',
  ),
  success_url: returnUrl(subscriptionMessages.urlInvalid),
  cancel_url: returnUrl(subscriptionMessages.urlInvalid),
});
export type CheckoutRequest = z.input<typeof checkoutRequest>;

/** POST /subscriptions/portal */
export const portalRequest = z.object({
  return_url: returnUrl(subscriptionMessages.returnUrlInvalid),
});

/** A book id: a UUID (spec 3 §5: 'Invalid book id' otherwise). */
export const bookIdField = z
  .string({ error: paymentMessages.invalidBookId })
  .check(z.trim(), z.toLowerCase(), z.uuid(paymentMessages.invalidBookId));

/** POST /payments/create-book-upload-checkout-session */
export const bookUploadCheckoutRequest = z.object({
  book_id: bookIdField,
  success_url: z.optional(returnUrl(subscriptionMessages.urlInvalid)),
  cancel_url: z.optional(returnUrl(subscriptionMessages.urlInvalid)),
});
