import { subscriptionMessages } from '@contracts/subscriptions';
import toast from 'react-hot-toast';
import { paths } from '@/config/paths';
import { refreshSubscription } from '@/lib/data/subscriptions';
import { isVideoLimitError } from '@/lib/subscription-rules';

const linkClass = 'font-medium text-brand-700 underline hover:no-underline dark:text-brand-100';

/**
 * A refused video start over the monthly limit (402): the spec's message in a toast with a link to
 * the plans, and the usage refreshed. Answers false for any other error, which the caller handles.
 * (The toaster sits outside the router, so its link is a plain one.)
 */
export function notifyVideoLimit(error: unknown): boolean {
  if (!isVideoLimitError(error)) return false;
  void refreshSubscription();
  toast.error(
    () => (
      <span>
        {subscriptionMessages.limitReached}{' '}
        <a href={paths.subscription} className={linkClass}>
          See plans
        </a>
      </span>
    ),
    { id: 'video-limit', duration: 8000 },
  );
  return true;
}
