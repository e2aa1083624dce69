import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CheckoutSpec,
  type PaymentEvent,
  type PaymentInterval,
  type PaymentProvider,
} from './port';

/** Stripe's webhook tolerance for the signature's timestamp (seconds), in the past and in the future. */
export const TOLERANCE_SECONDS = 300;

/** The `t=` timestamp of a `Stripe-Signature` header (seconds), or null when it has none. */
export function signedAt(signature: string): number | null {
  const value = /(?:^|,)\s*t=(\d+)/.exec(signature)?.[1];
  return value ? Number(value) : null;
}

/**
 * Verifies and makes `Stripe-Signature` headers with the webhook secret (no network). Stripe's own
 * check refuses a timestamp older than the tolerance; one further ahead than the tolerance is
 * refused too (a signature made for later is not a delivery of now, and would outlive the window
 * an old one is held to).
 */
export function createSignatureChecker(webhookSecret: string, nowMs: () => number = Date.now) {
  const stripe = new Stripe('sk_offline_signature_only');
  return {
    verify(payload: string, signature: string | undefined): PaymentEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header.');
      const now = nowMs();
      const at = signedAt(signature);
      if (at !== null && at - Math.floor(now / 1000) > TOLERANCE_SECONDS)
        throw new WebhookSignatureError('Timestamp outside the tolerance zone (in the future)');
      try {
        return stripe.webhooks.constructEvent(
          payload,
          signature,
          webhookSecret,
          TOLERANCE_SECONDS,
          undefined,
          now,
        ) as unknown as PaymentEvent;
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
    },
    sign(payload: string): string {
      return stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    },
  };
}

/** The provider on Stripe's API with the account's secret key. */
export function createStripeProvider(secretKey: string, webhookSecret: string): PaymentProvider {
  const stripe = new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
  const signatures = createSignatureChecker(webhookSecret);

  const recurring = (interval: PaymentInterval) => ({ interval });

  return {
    kind: 'stripe',
    async createCheckout(spec: CheckoutSpec) {
      const lineItem = {
        quantity: 1,
        price_data: {
          currency: spec.currency,
          unit_amount: spec.amount,
          product_data: { name: spec.name, description: spec.description },
          ...(spec.mode === 'subscription' ? { recurring: recurring(spec.interval ?? 'month') } : {}),
        },
      };
      const session = await stripe.checkout.sessions.create({
        mode: spec.mode,
        line_items: [lineItem],
        success_url: spec.successUrl,
        cancel_url: spec.cancelUrl,
        client_reference_id: spec.userId,
        metadata: spec.metadata,
        ...(spec.customerId
          ? { customer: spec.customerId }
          : spec.email
            ? { customer_email: spec.email }
            : {}),
        ...(spec.mode === 'subscription'
          ? { subscription_data: { metadata: spec.metadata } }
          : { payment_intent_data: { metadata: spec.metadata } }),
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async portalUrl(customerId, returnUrl) {
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return portal.url;
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    },
    async changePrice(subscriptionId, price, when, metadata) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item`);
      const product = await stripe.products.create({ name: price.name });
      await stripe.subscriptions.update(subscriptionId, {
        items: [
          {
            id: item.id,
            price_data: {
              currency: 'usd',
              product: product.id,
              unit_amount: price.amount,
              recurring: recurring(price.interval),
            },
          },
        ],
        proration_behavior: when === 'now' ? 'always_invoice' : 'none',
        cancel_at_period_end: false,
        metadata,
      });
    },
    async verifyEvent(payload, signature) {
      return signatures.verify(payload, signature);
    },
    async signEvent(payload) {
      return signatures.sign(payload);
    },
  };
}
