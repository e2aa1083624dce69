import type { BookReads } from '../books/read-port';
import {
  BOOK_UPLOAD_PRICE,
  FREE_BOOK_UPLOADS,
  paymentMessages,
  SUBSCRIPTION_TIERS,
  type BookUploadCheckoutResponse,
  type UserBookCount,
  type WebhookResponse,
} from '../contracts/subscriptions';
import { BadRequestError, HttpError } from '../lib/errors';
import { WebhookSignatureError, type PaymentProvider } from '../lib/payments/port';
import type { Clock } from '../lib/ports';
import { appPageOr } from '../lib/return-urls';
import type { CheckoutRecord } from '../subscriptions/model';
import type { SubscriptionsService } from '../subscriptions/service';

export interface PaymentsDeps {
  clock: Clock;
  books: BookReads;
  subscriptions: SubscriptionsService;
  payments: () => Promise<PaymentProvider>;
  /** The web app's base URL (return pages of checkout, the webhook the offline checkout calls). */
  appUrl: () => Promise<string>;
  /** The origins of the app's pages: the only places the offline checkout sends the browser back to. */
  appOrigins: () => Promise<string[]>;
  /** Sends a signed event to the webhook route over HTTP (the offline checkout's "Stripe"). */
  deliver: (url: string, payload: string, signature: string) => Promise<number>;
}

/**
 * The app's own page a checkout returns to by default: the dashboard (or the plans, when cancelled)
 * for a subscription, the upload wizard for a book upload (spec 3 §2 Payment returns).
 */
export function defaultReturnUrl(
  base: string,
  checkout: { kind: 'subscription' | 'book_upload'; book_id: string | null },
  outcome: 'success' | 'cancelled',
): string {
  if (checkout.kind === 'book_upload')
    return `${base}/upload?payment=${outcome}&book_id=${encodeURIComponent(checkout.book_id ?? '')}`;
  return outcome === 'success'
    ? `${base}/dashboard?payment=success`
    : `${base}/subscription?payment=cancelled`;
}

/**
 * Book-upload payments, the webhook every payment event comes through (Stripe's, or the offline
 * checkout's: the same signed events), and the offline checkout page.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const subscriptions = deps.subscriptions;

  /**
   * Where the offline checkout sends the browser: the URL stored with the session when it is a
   * page of the app — one stored before return URLs were checked is never followed off the app.
   */
  async function returnTo(record: CheckoutRecord, outcome: 'success' | 'cancelled') {
    const stored = outcome === 'success' ? record.success_url : record.cancel_url;
    const fallback = defaultReturnUrl(await deps.appUrl(), record, outcome);
    return appPageOr(stored, await deps.appOrigins(), fallback);
  }

  return {
    async bookUploadCheckout(
      userId: string,
      input: { book_id: string; success_url?: string; cancel_url?: string },
    ): Promise<BookUploadCheckoutResponse> {
      const book = await deps.books.bookOf(input.book_id);
      const base = await deps.appUrl();
      const checkout = { kind: 'book_upload', book_id: input.book_id } as const;
      return subscriptions.bookUploadCheckout(userId, input.book_id, book, {
        success_url: input.success_url ?? defaultReturnUrl(base, checkout, 'success'),
        cancel_url: input.cancel_url ?? defaultReturnUrl(base, checkout, 'cancelled'),
      });
    },

    paymentStatus: (userId: string, id: string) => subscriptions.bookPaymentStatus(userId, id),

    async userBookCount(userId: string): Promise<UserBookCount> {
      const [books, held, tier, paid] = await Promise.all([
        deps.books.booksOf(userId),
        subscriptions.booksHeld(userId),
        subscriptions.tierOf(userId),
        subscriptions.unusedPaidUploads(userId),
      ]);
      const limit = SUBSCRIPTION_TIERS[tier].book_upload_limit;
      // The allowance counts uploads still storing their book too: the answer the upload would get.
      const counted = Math.max(books.length, held ?? 0);
      return {
        book_count: books.length,
        tier,
        book_upload_limit: limit,
        requires_payment: limit >= 0 && counted >= Math.min(limit, FREE_BOOK_UPLOADS) && paid.length === 0,
        paid_book_ids: paid,
        upload_price: BOOK_UPLOAD_PRICE,
        currency: 'usd',
      };
    },

    /**
     * POST /payments/webhook: the signature is checked over the raw body (400 and nothing changes
     * when it fails), then the event id is taken with a conditional write — a redelivered event is
     * acknowledged and not acted on again. A failure while acting frees the id for the redelivery.
     */
    async webhook(payload: string, signature: string | undefined): Promise<WebhookResponse> {
      const payments = await deps.payments().catch(() => {
        throw new HttpError(503, 'Payments are not configured on this server.', 'payments_not_configured');
      });
      if (!signature) throw new BadRequestError(paymentMessages.signatureMissing, 'signature_missing');
      let event;
      try {
        event = await payments.verifyEvent(payload, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new BadRequestError(paymentMessages.signatureInvalid, 'signature_invalid');
        throw error;
      }
      if (!event?.id || !event.type)
        throw new BadRequestError(paymentMessages.payloadInvalid, 'payload_invalid');
      const processed = await subscriptions.applyEventOnce(event, payments.kind);
      return { received: true, processed };
    },

    localCheckout: (sessionId: string) => subscriptions.localCheckout(sessionId),

    /**
     * Pay on the offline checkout page: the server signs the event Stripe would send and delivers it
     * to the webhook route like Stripe does; the browser then goes to the success URL.
     */
    async payLocalCheckout(sessionId: string): Promise<string> {
      const payments = await deps.payments();
      const { event, record } = await subscriptions.localCompletionEvent(sessionId);
      const payload = JSON.stringify(event);
      const signature = await payments.signEvent(payload);
      const status = await deps.deliver(`${await deps.appUrl()}/api/v1/payments/webhook`, payload, signature);
      if (status !== 200)
        throw new HttpError(502, 'The payment could not be recorded. Please try again.', 'webhook_failed');
      return returnTo(record, 'success');
    },

    async cancelLocalCheckout(sessionId: string): Promise<string> {
      return returnTo(await subscriptions.cancelLocalCheckout(sessionId), 'cancelled');
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
