import type { BillingPeriod, BookPaymentState, SubscriptionStatus, Tier } from '../contracts/subscriptions';

/** `USER#<sub> SUBSCRIPTION`: the user's plan. No record: the free tier. */
export interface SubscriptionRecord {
  user_id: string;
  tier: Tier;
  status: SubscriptionStatus;
  billing_period: BillingPeriod | null;
  provider: 'local' | 'stripe';
  customer_id: string | null;
  subscription_id: string | null;
  cancel_at_period_end: boolean;
  current_period_start: string | null;
  current_period_end: string | null;
  /** A downgrade waiting for the next billing cycle. */
  scheduled_tier: Tier | null;
  scheduled_billing_period: BillingPeriod | null;
  scheduled_change_at: string | null;
  updated_at: string;
}

export type CheckoutKind = 'subscription' | 'book_upload';

/** `CHECKOUT#<session> META`: a checkout session this app opened. */
export interface CheckoutRecord {
  session_id: string;
  user_id: string;
  kind: CheckoutKind;
  provider: 'local' | 'stripe';
  status: 'open' | 'complete' | 'cancelled';
  tier: Tier | null;
  billing_period: BillingPeriod | null;
  book_id: string | null;
  /** Cents. */
  amount: number;
  currency: 'usd';
  name: string;
  description: string;
  success_url: string;
  cancel_url: string;
  created_at: string;
  completed_at: string | null;
}

/** `BOOK#<id> PAYMENT`: the paid upload of a book id (made before the book exists). */
export interface BookPaymentRecord {
  book_id: string;
  owner_id: string;
  session_id: string;
  status: BookPaymentState;
  /** Cents. */
  amount: number;
  currency: 'usd';
  created_at: string;
  paid_at: string | null;
  used_at: string | null;
}

/** `WEBHOOK#<event id> META`: an event taken for processing (written once). */
export interface WebhookEventRecord {
  event_id: string;
  type: string;
  status: 'processing' | 'done';
  received_at: string;
}
