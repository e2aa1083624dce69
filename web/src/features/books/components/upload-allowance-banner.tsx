import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBookCount } from '@/lib/data/subscriptions';
import { formatPrice } from '@/lib/subscription-rules';

/**
 * After one or more books on the free plan: further uploads need payment beyond the books the plan
 * includes (the server's count, tier and price). Paid plans, and a count that cannot be read, show
 * nothing.
 */
export function UploadAllowanceBanner({ className = 'mb-3' }: { className?: string }) {
  const { data: count } = useBookCount();
  if (!count || count.tier !== 'free' || count.book_count < 1 || count.book_upload_limit < 0) return null;
  const left = Math.max(0, count.book_upload_limit - count.book_count);
  return (
    <p
      role="note"
      data-testid="upload-allowance"
      className={`rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-900/30 dark:text-amber-200 ${className}`}
    >
      Additional uploads require payment: the free plan includes {count.book_upload_limit} books
      {left > 0 ? ` (${left} left)` : ''}. Each further book is{' '}
      {formatPrice(count.upload_price, count.currency)}, or{' '}
      <Link to={paths.subscription} className="font-medium underline hover:no-underline">
        upgrade for unlimited uploads
      </Link>
      .
    </p>
  );
}
