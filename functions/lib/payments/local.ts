import { randomBytes } from 'node:crypto';
import { LOCAL_CHECKOUT_PATH } from '../../contracts/subscriptions';
import { createSignatureChecker } from './stripe';
import type { PaymentProvider } from './port';

/**
 * The offline provider (no Stripe key): a checkout is a page of this app
 * (`/api/v1/payments/local-checkout/{id}`) whose Pay button makes the server send a signed
 * `checkout.session.completed` to the webhook route; subscriptions live in this app's table only.
 */
export function createLocalProvider(appUrl: string, webhookSecret: string): PaymentProvider {
  const signatures = createSignatureChecker(webhookSecret);
  return {
    kind: 'local',
    async createCheckout() {
      const id = `cs_local_${randomBytes(18).toString('hex')}`;
      return { id, url: `${appUrl}${LOCAL_CHECKOUT_PATH}/${id}` };
    },
    async portalUrl(_customerId, returnUrl) {
      // No billing portal offline: the app's own subscription page is where plans are managed.
      return returnUrl;
    },
    async setCancelAtPeriodEnd() {},
    async changePrice() {},
    async verifyEvent(payload, signature) {
      return signatures.verify(payload, signature);
    },
    async signEvent(payload) {
      return signatures.sign(payload);
    },
  };
}
