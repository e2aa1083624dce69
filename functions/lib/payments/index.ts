import { getAppUrl } from '../aws/app-url';
import { readSecretParameter } from '../aws/secret-parameters';
import { config } from '../config';
import { createLocalProvider } from './local';
import { PaymentsNotConfiguredError, type PaymentProvider } from './port';
import { createStripeProvider } from './stripe';

export * from './port';

let provider: Promise<PaymentProvider> | undefined;

async function secret(value: string | undefined, parameter: string | undefined): Promise<string> {
  if (value) return value;
  return parameter ? readSecretParameter(parameter) : '';
}

/**
 * The payment provider of this process: Stripe when a secret key is configured (environment or
 * SSM), else the offline checkout when the local runtime enabled it. Neither: payments answer 503
 * (a deployment without Stripe keys never hands out free upgrades).
 */
export function getPaymentProvider(): Promise<PaymentProvider> {
  provider ??= (async () => {
    const settings = config.payments;
    const [secretKey, webhookSecret] = await Promise.all([
      secret(settings.secretKey, settings.secretKeyParameter),
      secret(settings.webhookSecret, settings.webhookSecretParameter),
    ]);
    if (secretKey) {
      if (!webhookSecret) throw new PaymentsNotConfiguredError('The Stripe webhook secret is not configured');
      return createStripeProvider(secretKey, webhookSecret);
    }
    if (settings.localCheckout && webhookSecret) return createLocalProvider(await getAppUrl(), webhookSecret);
    throw new PaymentsNotConfiguredError('No Stripe secret key is configured');
  })();
  provider.catch(() => (provider = undefined));
  return provider;
}
