/**
 * The payment provider port: what the subscriptions and payments domains ask of a card payment
 * provider. Two adapters: Stripe (`stripe.ts`, the official package, the only place that imports
 * it) and the offline one (`local.ts`, the default with no Stripe key: checkout is a page of this
 * app that sends the same signed webhook events). From the webhook on, both run the same code.
 */
export type PaymentInterval = 'month' | 'year';

export interface CheckoutSpec {
  /** subscription: a recurring price; payment: a one-time charge (a book upload). */
  mode: 'subscription' | 'payment';
  userId: string;
  email?: string | null;
  /** The provider's customer of this user, when one exists already. */
  customerId?: string | null;
  /** What the user buys, as the checkout page shows it. */
  name: string;
  description: string;
  /** In cents. */
  amount: number;
  currency: 'usd';
  interval?: PaymentInterval;
  successUrl: string;
  cancelUrl: string;
  /** Copied onto the session (and the subscription): how the webhook finds the user and the purchase. */
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** A provider event, Stripe's shape (the offline provider makes the same). */
export interface PaymentEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export class PaymentsNotConfiguredError extends Error {
  override name = 'PaymentsNotConfiguredError';
}

export interface PaymentProvider {
  readonly kind: 'local' | 'stripe';
  createCheckout(spec: CheckoutSpec): Promise<CheckoutSession>;
  /** The billing portal of a customer (Stripe's customer portal). */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /**
   * A new price for an existing subscription: `now` (an upgrade, prorated at once) or `next_cycle`
   * (a downgrade: the price changes from the next invoice, nothing is prorated).
   */
  changePrice(
    subscriptionId: string,
    price: { name: string; amount: number; interval: PaymentInterval },
    when: 'now' | 'next_cycle',
    metadata: Record<string, string>,
  ): Promise<void>;
  /** Checks the `Stripe-Signature` of a raw body and parses it; throws WebhookSignatureError. */
  verifyEvent(payload: string, signature: string | undefined): Promise<PaymentEvent>;
  /** A valid `Stripe-Signature` for a payload (the offline checkout signs the events it sends). */
  signEvent(payload: string): Promise<string>;
}
