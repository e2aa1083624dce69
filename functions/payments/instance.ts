import { books } from '../books/instance';
import { getAdapters } from '../lib/adapters';
import { getAppOrigins, getAppUrl } from '../lib/aws/app-url';
import { getPaymentProvider } from '../lib/payments';
import { subscriptions } from '../subscriptions/instance';
import { createPaymentsService, type PaymentsService } from './service';

let service: PaymentsService | undefined;

/** The payments service on the production adapters (created on first use, kept while warm). */
export const payments = (): PaymentsService =>
  (service ??= createPaymentsService({
    clock: getAdapters().clock,
    books: books(),
    subscriptions: subscriptions(),
    payments: getPaymentProvider,
    appUrl: getAppUrl,
    appOrigins: getAppOrigins,
    async deliver(url, payload, signature) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(20_000),
      });
      await response.arrayBuffer();
      return response.status;
    },
  }));
