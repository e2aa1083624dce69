import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useSubscription } from '@/lib/data/subscriptions';

/**
 * Beside a video of a free-tier user: the free plan makes 480p with a watermark. Silent while the
 * plan loads, on paid plans and when the plan cannot be read.
 */
export function FreeQualityNote({ className = '' }: { className?: string }) {
  const { data: subscription } = useSubscription();
  if (!subscription?.has_watermark) return null;
  return (
    <p className={`text-xs text-slate-600 dark:text-slate-400 ${className}`} data-testid="free-quality-note">
      {subscription.video_quality} with watermark —{' '}
      <Link
        to={paths.subscription}
        className="font-medium text-brand-700 underline hover:no-underline dark:text-brand-100"
      >
        upgrade for full quality
      </Link>
    </p>
  );
}
