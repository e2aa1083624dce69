import { subscriptionMessages } from '@contracts/subscriptions';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { refreshSubscription } from '@/lib/data/subscriptions';
import { isVideoLimitError } from '@/lib/subscription-rules';

const linkClass = 'font-medium text-brand-700 underline hover:no-underline dark:text-brand-100';

/** The over-the-limit message with its way out, for a view that shows it in place. */
export function VideoLimitNotice() {
  return (
    <p
      role="alert"
      className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-900/30 dark:text-red-200"
    >
      {subscriptionMessages.limitReached}{' '}
      <Link to={paths.subscription} className={linkClass}>
        See plans
      </Link>
    </p>
  );
}

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
