import type { UserBookCount } from '@contracts/subscriptions';
import { Button, ButtonLink } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { formatPrice } from '@/lib/subscription-rules';

/**
 * The upgrade dialog of the upload page (spec 1 §2, §9): a free user with 2 or more books either
 * upgrades (unlimited uploads) or pays once for this upload.
 */
export function UploadPaywall({
  open,
  count,
  paying,
  onPay,
  onClose,
}: {
  open: boolean;
  count: UserBookCount | undefined;
  paying: boolean;
  onPay: () => void;
  onClose: () => void;
}) {
  const price = count ? formatPrice(count.upload_price, count.currency) : '';
  return (
    <Modal
      open={open && Boolean(count)}
      title="Upgrade to upload more books"
      onClose={() => !paying && onClose()}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={paying}>
            Not now
          </Button>
          <ButtonLink to={paths.subscription} variant="secondary">
            See plans
          </ButtonLink>
          <Button onClick={onPay} busy={paying}>
            Pay {price} for this upload
          </Button>
        </>
      }
    >
      {count && (
        <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
          <p>
            The free plan includes {count.book_upload_limit} books and you have {count.book_count}. Upgrade
            for unlimited uploads, or pay {price} once for this book.
          </p>
          <p className="text-slate-500 dark:text-slate-400">
            After paying you come back here and your upload continues.
          </p>
        </div>
      )}
    </Modal>
  );
}
