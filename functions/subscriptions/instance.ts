import { getAdapters } from '../lib/adapters';
import { getAppOrigins } from '../lib/aws/app-url';
import { getPaymentProvider } from '../lib/payments';
import { createUsageMeter } from '../lib/usage-meter';
import { createSubscriptionsService, type SubscriptionsService } from './service';

let service: SubscriptionsService | undefined;

/** The subscriptions service on the production adapters (created on first use, kept while warm). */
export const subscriptions = (): SubscriptionsService =>
  (service ??= createSubscriptionsService({
    ...getAdapters(),
    meter: createUsageMeter(getAdapters().table, getAdapters().clock),
    payments: getPaymentProvider,
    appOrigins: getAppOrigins,
  }));
