import type {
  BookPaymentStatus,
  BookUploadCheckoutResponse,
  CheckoutResponse,
  PortalResponse,
  Subscription,
  SubscriptionChangeResponse,
  TiersResponse,
  Usage,
  UserBookCount,
} from '@contracts/subscriptions';
import type { CheckoutRequest } from '@contracts/subscription-requests';
import useSWR, { mutate } from 'swr';
import { api } from '@/lib/api';

/**
 * The subscription and payment routes (spec 3 §7): read by the subscription page, the dashboard's
 * usage card, the upload paywall and the video views; the writes refresh what they change.
 */
export const subscriptionKeys = {
  tiers: '/subscriptions/tiers',
  current: '/subscriptions/current',
  usage: '/subscriptions/usage',
  bookCount: '/payments/user-book-count',
};

export const useTiers = (enabled = true) => useSWR<TiersResponse>(enabled ? subscriptionKeys.tiers : null);
export const useSubscription = (enabled = true) =>
  useSWR<Subscription>(enabled ? subscriptionKeys.current : null);
export const useUsage = (enabled = true) => useSWR<Usage>(enabled ? subscriptionKeys.usage : null);
export const useBookCount = (enabled = true) =>
  useSWR<UserBookCount>(enabled ? subscriptionKeys.bookCount : null);

/** After a video start, a payment or a plan change: the plan, the usage and the book allowance. */
export const refreshSubscription = () =>
  Promise.all(Object.values(subscriptionKeys).map((key) => mutate(key)));

export const startCheckout = (request: CheckoutRequest) =>
  api.post<CheckoutResponse>('/subscriptions/checkout', request);

export async function cancelSubscription() {
  const answer = await api.post<SubscriptionChangeResponse>('/subscriptions/cancel');
  await mutate(subscriptionKeys.current, answer.subscription, { revalidate: false });
  return answer;
}

export async function reactivateSubscription() {
  const answer = await api.post<SubscriptionChangeResponse>('/subscriptions/reactivate');
  await mutate(subscriptionKeys.current, answer.subscription, { revalidate: false });
  return answer;
}

export const openBillingPortal = (returnUrl: string) =>
  api.post<PortalResponse>('/subscriptions/portal', { return_url: returnUrl });

export const createBookUploadCheckout = (
  bookId: string,
  returnUrls: { success_url: string; cancel_url: string },
) =>
  api.post<BookUploadCheckoutResponse>('/payments/create-book-upload-checkout-session', {
    book_id: bookId,
    ...returnUrls,
  });

/** {id}: the book id or the checkout session id. */
export const checkPaymentStatus = (id: string) =>
  api.get<BookPaymentStatus>(`/payments/check-payment-status/${encodeURIComponent(id)}`);
