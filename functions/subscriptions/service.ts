import { bindContext } from '../lib/bind';
import {
  tierList,
  currentSubscription,
  tierOf,
  usageOf,
  reserveVideo,
  releaseVideo,
  videoMeteringOf,
} from './plans';
import {
  startCheckout,
  cancelSubscription,
  reactivate,
  portal,
  bookUploadCheckout,
  bookPaymentStatus,
  takeUploadAllowance,
  returnUploadAllowance,
  booksHeld,
  uploadAllowanceOf,
  unusedPaidUploads,
  localCheckout,
  localCompletionEvent,
  cancelLocalCheckout,
} from './checkout';
import { applyEvent, applyEventOnce } from './webhook';
import { subscriptionsContext } from './common';
import type { SubscriptionsDeps } from './common';

export { addPeriod, freeSubscription, effectiveSubscription } from './common';
export type { SubscriptionsDeps } from './common';

export function createSubscriptionsService(input: SubscriptionsDeps) {
  const deps = subscriptionsContext(input);
  return {
    ...bindContext(deps, {
      tiers: tierList,
      current: currentSubscription,
      tierOf,
      usage: usageOf,
      reserveVideo,
      releaseVideo,
      checkout: startCheckout,
      cancel: cancelSubscription,
      reactivate,
      portal,
      bookUploadCheckout,
      bookPaymentStatus,
      takeUploadAllowance,
      returnUploadAllowance,
      booksHeld,
      unusedPaidUploads,
      applyEvent,
      applyEventOnce,
      localCheckout,
      localCompletionEvent,
      cancelLocalCheckout,
    }),
    repository: deps.repo,
    videoMetering: videoMeteringOf(deps),
    uploadAllowance: uploadAllowanceOf(deps),
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
