import { keys } from '../lib/keys';
import type { Table } from '../lib/ports';
import type { BookPaymentRecord, CheckoutRecord, SubscriptionRecord, WebhookEventRecord } from './model';

/** Subscriptions, checkout sessions, paid uploads and processed payment events. */
export function createSubscriptionsRepository(table: Table) {
  return {
    getSubscription: (userId: string) => table.get<SubscriptionRecord>(keys.subscription(userId)),
    putSubscription: (record: SubscriptionRecord) =>
      table.put({ ...keys.subscription(record.user_id), ...record }),
    updateSubscription: (userId: string, set: Partial<SubscriptionRecord>) =>
      table.update<SubscriptionRecord>(keys.subscription(userId), { set }, { exists: true }),

    /** Which user a provider subscription belongs to. */
    putSubscriptionOwner: (subscriptionId: string, userId: string) =>
      table.put({ ...keys.stripeSubscription(subscriptionId), user_id: userId }),
    getSubscriptionOwner: async (subscriptionId: string) =>
      (await table.get<{ user_id: string }>(keys.stripeSubscription(subscriptionId)))?.user_id ?? null,

    getCheckout: (sessionId: string) => table.get<CheckoutRecord>(keys.checkout(sessionId)),
    putCheckout: (record: CheckoutRecord) => table.put({ ...keys.checkout(record.session_id), ...record }),
    /** Closes an open session; false when it was not open. */
    closeCheckout: async (sessionId: string, status: 'complete' | 'cancelled', at: string) =>
      Boolean(
        await table.update(
          keys.checkout(sessionId),
          { set: { status, completed_at: at } },
          { equals: { status: 'open' } },
        ),
      ),

    /** The user's book counter (`held`: books the user has or is storing now); null before it starts. */
    getBooksHeld: async (userId: string) =>
      (await table.get<{ held?: number }>(keys.booksHeld(userId)))?.held ?? null,
    /** Starts the counter at the books the user has; false when it had started (someone else won). */
    startBooksHeld: (userId: string, held: number, at: string) =>
      table.put({ ...keys.booksHeld(userId), user_id: userId, held, started_at: at }, { exists: false }),
    /**
     * Holds one more book: one conditional update (`ADD held 1` while `held < limit`; -1 no limit), so
     * however many uploads race, no more than `limit` books are held. False when the limit is reached.
     */
    holdBook: async (userId: string, limit: number) =>
      Boolean(
        await table.update(
          keys.booksHeld(userId),
          { add: { held: 1 } },
          limit < 0 ? { exists: true } : { exists: true, lessThan: { held: limit } },
        ),
      ),
    /** Gives one book's place back. */
    releaseBook: (userId: string) =>
      table.update(keys.booksHeld(userId), { add: { held: -1 } }, { exists: true }),

    getBookPayment: (bookId: string) => table.get<BookPaymentRecord>(keys.bookPayment(bookId)),
    /** A new pending payment of a book id nobody has claimed; false when one exists. */
    createBookPayment: (record: BookPaymentRecord) =>
      table.put(
        {
          ...keys.bookPayment(record.book_id),
          ...record,
          gsi1pk: `BOOKPAYMENTS#${record.owner_id}`,
          gsi1sk: `${record.created_at}#${record.book_id}`,
        },
        { exists: false },
      ),
    listBookPayments: (ownerId: string) =>
      table.query<BookPaymentRecord>({
        index: 'gsi1',
        pk: `BOOKPAYMENTS#${ownerId}`,
        descending: true,
        limit: 50,
      }),
    /** Moves a payment on only from the given states (the conditional write decides races). */
    moveBookPayment: (
      bookId: string,
      from: readonly BookPaymentRecord['status'][],
      set: Partial<BookPaymentRecord>,
      owner?: string,
    ) =>
      table.update<BookPaymentRecord>(
        keys.bookPayment(bookId),
        { set },
        { oneOf: { status: from }, ...(owner ? { equals: { owner_id: owner } } : {}) },
      ),

    /** Takes an event for processing; false when it was taken before (processed or being processed). */
    claimEvent: (record: WebhookEventRecord) =>
      table.put({ ...keys.webhookEvent(record.event_id), ...record }, { exists: false }),
    finishEvent: (eventId: string) =>
      table.update(keys.webhookEvent(eventId), { set: { status: 'done' } }, { exists: true }),
    /** A failed processing lets the provider's redelivery try again. */
    releaseEvent: (eventId: string) => table.delete(keys.webhookEvent(eventId)),
  };
}
