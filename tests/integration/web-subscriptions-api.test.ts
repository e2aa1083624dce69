import { paymentMessages, subscriptionMessages } from '@contracts/subscriptions';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as SubscriptionData from '../../web/src/lib/data/subscriptions';
import { installBrowserShim, shim } from './browser-shim';
import { createUser, startTestRuntime, uploadBook, type TestRuntime } from './helpers';

/**
 * The SPA's plan and payment calls (web/src/lib/data/subscriptions.ts) against the local runtime:
 * what the server refuses, in its words, for a free and for a paying user.
 */
installBrowserShim();

let t: TestRuntime;
let calls: typeof SubscriptionData;
let free: string;
let basic: string;
const as = (token: string) => shim.storage.setItem('authToken', token);
const urls = () => ({
  success_url: `${shim.origin}/dashboard?payment=success`,
  cancel_url: `${shim.origin}/subscription?payment=cancelled`,
});

/** The refusal a call ends with: its HTTP status and the server's words. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: { status: number; message: string }) => ({ status: error.status, message: error.message }),
  );

beforeAll(async () => {
  t = await startTestRuntime();
  shim.origin = new URL(t.runtime.apiUrl).origin;
  [free, basic] = await Promise.all([
    createUser(t).then((u) => u.accessToken),
    createUser(t, { plan: 'basic' }).then((u) => u.accessToken),
  ]);
  calls = await import('../../web/src/lib/data/subscriptions');
});

afterAll(async () => {
  // Work the calls started (book processing, images) ends before the runtime's stores close.
  await t?.runtime.stepFunctions.idle();
  await t?.stop();
});

describe("the SPA's plan calls", () => {
  it('a free user: no checkout of the free or an unsold plan, nothing to cancel, reactivate or manage', async () => {
    as(free);
    expect(
      await refusal(calls.startCheckout({ tier: 'free', billing_period: 'monthly', ...urls() })),
    ).toEqual({
      status: 400,
      message: subscriptionMessages.freeCheckout,
    });
    expect(await refusal(calls.startCheckout({ tier: 'pro', billing_period: 'annual', ...urls() }))).toEqual({
      status: 400,
      message: subscriptionMessages.tierUnavailable('Pro'),
    });
    expect(await refusal(calls.cancelSubscription())).toEqual({
      status: 400,
      message: subscriptionMessages.nothingToCancel,
    });
    expect(await refusal(calls.reactivateSubscription())).toEqual({
      status: 400,
      message: subscriptionMessages.nothingToReactivate,
    });
    expect(await refusal(calls.openBillingPortal(`${shim.origin}/subscription`))).toEqual({
      status: 400,
      message: subscriptionMessages.portalUnavailable,
    });
  });

  it('a free user opens an annual checkout of basic at the discounted price page', async () => {
    as(free);
    const checkout = await calls.startCheckout({ tier: 'basic', billing_period: 'annual', ...urls() });
    expect(checkout.outcome).toBe('checkout');
    const page = await fetch(checkout.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('96');
  });

  it('a paying user: the same plan again is refused; cancel once, reactivate once', async () => {
    as(basic);
    expect(
      await refusal(calls.startCheckout({ tier: 'basic', billing_period: 'monthly', ...urls() })),
    ).toEqual({
      status: 400,
      message: subscriptionMessages.sameTier,
    });
    const cancelled = await calls.cancelSubscription();
    expect(cancelled.subscription.cancel_at_period_end).toBe(true);
    expect(await refusal(calls.cancelSubscription())).toEqual({
      status: 400,
      message: subscriptionMessages.alreadyCancelled,
    });
    const back = await calls.reactivateSubscription();
    expect(back.subscription.cancel_at_period_end).toBe(false);
    expect(await refusal(calls.reactivateSubscription())).toEqual({
      status: 400,
      message: subscriptionMessages.nothingToReactivate,
    });
    const portal = await calls.openBillingPortal(`${shim.origin}/subscription`);
    expect(portal.url).toBe(`${shim.origin}/subscription`);
  });
});

describe("the SPA's book payment calls", () => {
  it('a paying user needs no payment for an upload', async () => {
    as(basic);
    expect(await refusal(calls.createBookUploadCheckout(randomUUID(), urls()))).toEqual({
      status: 400,
      message: paymentMessages.noPaymentNeeded,
    });
  });

  it('a book already uploaded cannot be paid for; an unknown payment is not found', async () => {
    as(free);
    const book = await uploadBook(t, {
      token: free,
      title: 'Paid already',
      text: 'Chapter 1\n\nA short tale of the sea.',
    });
    expect(book.status).toBe(201);
    expect(await refusal(calls.createBookUploadCheckout(String(book.body.id), urls()))).toEqual({
      status: 400,
      message: paymentMessages.alreadyUploaded,
    });
    for (const id of [randomUUID(), 'cs_local_unknown'])
      expect(await refusal(calls.checkPaymentStatus(id))).toEqual({
        status: 404,
        message: paymentMessages.paymentNotFound,
      });
  });

  it("a new upload's payment is pending until paid, found by book id and by session id, and not by someone else", async () => {
    as(free);
    const bookId = randomUUID();
    const checkout = await calls.createBookUploadCheckout(bookId, urls());
    const byBook = await calls.checkPaymentStatus(bookId);
    expect(byBook.status).toBe('pending');
    expect((await calls.checkPaymentStatus(byBook.session_id!)).book_id).toBe(bookId);
    as(basic);
    expect(await refusal(calls.checkPaymentStatus(bookId))).toEqual({
      status: 404,
      message: paymentMessages.paymentNotFound,
    });
    expect(await refusal(calls.createBookUploadCheckout(bookId, urls()))).toEqual({
      status: 404,
      message: paymentMessages.bookNotFound,
    });
    expect(checkout.url).toContain('/payments/local-checkout/');
  });

  it('the offline checkout page of an unknown session is not found', async () => {
    const page = await fetch(`${t.runtime.apiUrl}/payments/local-checkout/cs_local_missing`);
    expect(page.status).toBe(404);
    const pay = await fetch(`${t.runtime.apiUrl}/payments/local-checkout/cs_local_missing/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'card=4242',
    });
    expect(pay.status).toBe(404);
  });
});
