import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BookPaymentStatus,
  BookUploadCheckoutResponse,
  CheckoutResponse,
  Subscription,
  SubscriptionChangeResponse,
  Usage,
  UserBookCount,
} from '../../functions/contracts/subscriptions';
import { paymentMessages, subscriptionMessages } from '../../functions/contracts/subscriptions';
import { getAdapters } from '../../functions/lib/adapters';
import { keys } from '../../functions/lib/keys';
import { createUser, readyBook, startTestRuntime, uploadBook, type TestRuntime } from './helpers';

let t: TestRuntime;

beforeAll(async () => {
  t = await startTestRuntime();
}, 120_000);

afterAll(async () => {
  delete process.env.FAULT_INJECTION;
  await t?.stop();
});

const origin = () => new URL(t.runtime.apiUrl).origin;
const text = (title: string) =>
  `# ${title}\n\n## Chapter 1\n\n${'The lamp was lit at dusk and the ships came home. '.repeat(30)}\n\n## Chapter 2\n\n${'Morning came grey over the harbour wall. '.repeat(30)}`;

const usage = async (token: string) => (await t.api<Usage>('GET', '/subscriptions/usage', { token })).body;
const current = async (token: string) =>
  (await t.api<Subscription>('GET', '/subscriptions/current', { token })).body;
const chapterVideo = (chapterId: string, token: string) =>
  t.api('POST', `/ai/generate-video-from-chapter?chapter_id=${chapterId}`, { token });

/** The data directory's webhook secret (what the offline checkout signs with). */
const webhookSecret = () =>
  (JSON.parse(readFileSync(join(t.dataDir, 'local-secrets.json'), 'utf8')) as { stripeWebhookSecret: string })
    .stripeWebhookSecret;

async function postEvent(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  const header =
    signature ??
    new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: webhookSecret() });
  return t.api<{ received: boolean; processed: boolean }>('POST', '/payments/webhook', {
    raw: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

/** Drives the offline checkout page as a browser does: open it, then press Pay (or Cancel). */
async function pressOnCheckoutPage(url: string, button: 'pay' | 'cancel') {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Card number');
  expect(html).not.toMatch(/<script/i);
  const action = new URL(`${new URL(url).pathname}/${button}`, origin());
  return fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card=4242+4242+4242+4242&expiry=12%2F34&cvc=123&name=Test',
  });
}

async function upgradeToBasic(token: string) {
  const checkout = await t.api<CheckoutResponse>('POST', '/subscriptions/checkout', {
    token,
    body: {
      tier: 'basic',
      billing_period: 'monthly',
      success_url: `${origin()}/dashboard?payment=success`,
      cancel_url: `${origin()}/subscription?payment=cancelled`,
    },
  });
  expect(checkout.status).toBe(200);
  expect(checkout.body.outcome).toBe('checkout');
  const paid = await pressOnCheckoutPage(checkout.body.url, 'pay');
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`${origin()}/dashboard?payment=success`);
  return checkout.body;
}

describe('monthly video metering', () => {
  it('of 20 concurrent video starts with one video left, exactly one is accepted and 19 are answered 402', async () => {
    const { accessToken: token } = await createUser(t);
    const first = await readyBook(t, token, { title: 'One', text: text('One') });
    const second = await readyBook(t, token, { title: 'Two', text: text('Two') });
    expect((await chapterVideo(first.chapterId, token)).status).toBe(202);
    expect(await usage(token)).toMatchObject({
      current_period_videos: 1,
      period_limit: 2,
      remaining_videos: 1,
    });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => chapterVideo(second.chapterId, token)),
    );
    const accepted = answers.filter((a) => a.status === 202);
    const refused = answers.filter((a) => a.status === 402);
    expect(accepted).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({
        detail: "You've reached your monthly video limit. Upgrade to continue generating videos.",
        code: 'video_limit_reached',
      });
    }
    await t.runtime.stepFunctions.idle();
    expect(await usage(token)).toMatchObject({
      current_period_videos: 2,
      period_limit: 2,
      remaining_videos: 0,
      can_generate_video: false,
      usage: { level: 'reached', label: 'Limit reached', percent: 100 },
    });
  }, 240_000);

  it('a job that fails before making its video gives its unit back', async () => {
    const { accessToken: token } = await createUser(t);
    const book = await readyBook(t, token, { title: 'Failing', text: text('Failing') });
    process.env.FAULT_INJECTION = 'learningContent.Prepare';
    try {
      const started = await chapterVideo(book.chapterId, token);
      expect(started.status).toBe(202);
      await t.runtime.stepFunctions.idle();
      const job = await t.api<{ status: string }>('GET', `/ai/check-video-status/${started.body.id}`, {
        token,
      });
      expect(job.body.status).toBe('failed');
    } finally {
      delete process.env.FAULT_INJECTION;
    }
    expect(await usage(token)).toMatchObject({ current_period_videos: 0, remaining_videos: 2 });
    // …and one that makes its video keeps it.
    expect((await chapterVideo(book.chapterId, token)).status).toBe(202);
    await t.runtime.stepFunctions.idle();
    expect(await usage(token)).toMatchObject({ current_period_videos: 1, remaining_videos: 1 });
  }, 240_000);
});

describe('checkout, the webhook and the plan', () => {
  it('the offline checkout upgrades to basic, the limits change, cancel and reactivate work', async () => {
    const { accessToken: token } = await createUser(t);
    expect(await current(token)).toMatchObject({ tier: 'free', status: 'active', monthly_video_limit: 2 });
    expect(await usage(token)).toMatchObject({ period_limit: 2 });

    await upgradeToBasic(token);
    const plan = await current(token);
    expect(plan).toMatchObject({
      tier: 'basic',
      status: 'active',
      billing_period: 'monthly',
      monthly_video_limit: 20,
      video_quality: '720p',
      has_watermark: false,
      cancel_at_period_end: false,
      provider: 'local',
    });
    expect(Date.parse(plan.current_period_end!)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    expect(await usage(token)).toMatchObject({ period_limit: 20, remaining_videos: 20, tier: 'basic' });

    const cancelled = await t.api<SubscriptionChangeResponse>('POST', '/subscriptions/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(subscriptionMessages.cancelled);
    expect(cancelled.body.subscription).toMatchObject({ tier: 'basic', cancel_at_period_end: true });
    expect((await current(token)).cancel_at_period_end).toBe(true);

    const reactivated = await t.api<SubscriptionChangeResponse>('POST', '/subscriptions/reactivate', {
      token,
    });
    expect(reactivated.body.message).toBe('Subscription reactivated successfully!');
    expect(await current(token)).toMatchObject({ tier: 'basic', cancel_at_period_end: false });

    // The same tier again needs no checkout; pro is not sold yet.
    const again = await t.api('POST', '/subscriptions/checkout', {
      token,
      body: { tier: 'basic', success_url: `${origin()}/a`, cancel_url: `${origin()}/b` },
    });
    expect(again.status).toBe(400);
    const pro = await t.api('POST', '/subscriptions/checkout', {
      token,
      body: { tier: 'pro', success_url: `${origin()}/a`, cancel_url: `${origin()}/b` },
    });
    expect(pro.body).toMatchObject({ detail: 'The Pro plan is coming soon.' });
  }, 120_000);

  it('Cancel on the checkout page goes back to the cancel URL and changes nothing', async () => {
    const { accessToken: token } = await createUser(t);
    const checkout = await t.api<CheckoutResponse>('POST', '/subscriptions/checkout', {
      token,
      body: {
        tier: 'basic',
        success_url: `${origin()}/ok`,
        cancel_url: `${origin()}/subscription?payment=cancelled`,
      },
    });
    const back = await pressOnCheckoutPage(checkout.body.url, 'cancel');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${origin()}/subscription?payment=cancelled`);
    expect((await current(token)).tier).toBe('free');
    // A cancelled session cannot be paid afterwards.
    const late = await pressOnCheckoutPage(checkout.body.url, 'pay');
    expect(late.status).toBe(400);
    expect((await current(token)).tier).toBe('free');
  }, 60_000);

  it('the same webhook event delivered three times upgrades once; a bad signature answers 400 and changes nothing', async () => {
    const { accessToken: token } = await createUser(t);
    const checkout = await t.api<CheckoutResponse>('POST', '/subscriptions/checkout', {
      token,
      body: {
        tier: 'basic',
        billing_period: 'annual',
        success_url: `${origin()}/ok`,
        cancel_url: `${origin()}/no`,
      },
    });
    const sessionId = checkout.body.session_id!;
    const session = await fetch(checkout.body.url);
    expect(await session.text()).toContain('$96.00 / year');
    const me = (await t.api<{ id: string }>('GET', '/users/me', { token })).body.id;
    const event = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: me,
          customer: 'cus_test_1',
          subscription: `sub_test_${randomUUID().slice(0, 8)}`,
          payment_status: 'paid',
          metadata: { kind: 'subscription', user_id: me, tier: 'basic', billing_period: 'annual' },
        },
      },
    };

    // Forged: signed with another secret, or not signed at all.
    const forged = await postEvent(
      event,
      new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
        payload: JSON.stringify(event),
        secret: 'whsec_not_the_right_one',
      }),
    );
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ detail: paymentMessages.signatureInvalid });
    const unsigned = await t.api('POST', '/payments/webhook', {
      raw: JSON.stringify(event),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);
    // Signed with the right secret but dated more than the 5-minute tolerance ahead, or behind.
    for (const offset of [3600, 330, -330]) {
      const dated = await postEvent(
        event,
        new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
          payload: JSON.stringify(event),
          secret: webhookSecret(),
          timestamp: Math.floor(Date.now() / 1000) + offset,
        }),
      );
      expect(dated.status, `${offset} s`).toBe(400);
      expect(dated.body).toMatchObject({ detail: paymentMessages.signatureInvalid });
    }
    expect((await current(token)).tier).toBe('free');

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await postEvent(event));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.processed)).toEqual([true, false, false]);
    const plan = await current(token);
    expect(plan).toMatchObject({ tier: 'basic', billing_period: 'annual' });
    // Cancelled in between: a redelivery of the old checkout event must not undo it.
    await t.api('POST', '/subscriptions/cancel', { token });
    expect((await postEvent(event)).body.processed).toBe(false);
    expect((await current(token)).cancel_at_period_end).toBe(true);
  }, 60_000);
});

describe('where a payment returns', () => {
  it("takes return URLs only on the app's own origin: anything else is a 400 that says so", async () => {
    const { accessToken: token } = await createUser(t);
    const own = `${origin()}/dashboard?payment=success`;
    const offSite = [
      'https://evil.example/cancel',
      `http://${new URL(origin()).hostname}.evil.example:${new URL(origin()).port}/ok`,
      `http://${new URL(origin()).host}@evil.example/ok`,
      `http://evil.example/?next=${origin()}`,
      `${origin().replace(/:\d+$/, ':1')}/dashboard`,
    ];
    for (const bad of offSite) {
      for (const body of [
        { tier: 'basic', success_url: bad, cancel_url: own },
        { tier: 'basic', success_url: own, cancel_url: bad },
      ]) {
        const refused = await t.api('POST', '/subscriptions/checkout', { token, body });
        expect(refused.status, `${bad} ${JSON.stringify(refused.body)}`).toBe(400);
        expect(refused.body).toMatchObject({ code: 'return_url_off_site' });
        expect(String(refused.body.detail)).toMatch(/must be a page of this app/);
      }
      const book = await t.api('POST', '/payments/create-book-upload-checkout-session', {
        token,
        body: { book_id: randomUUID(), cancel_url: bad },
      });
      expect(book.status, JSON.stringify(book.body)).toBe(400);
      expect(book.body).toMatchObject({
        detail: "cancel_url must be a page of this app: checkout returns only to the app's own address.",
      });
      const portal = await t.api('POST', '/subscriptions/portal', { token, body: { return_url: bad } });
      expect(portal.status).toBe(400);
      expect(portal.body).toMatchObject({ code: 'return_url_off_site' });
    }
    expect((await current(token)).tier).toBe('free');
  }, 60_000);

  it('the offline checkout page never sends the browser off the app, even to a URL stored earlier', async () => {
    const { accessToken: token } = await createUser(t);
    const checkout = await t.api<CheckoutResponse>('POST', '/subscriptions/checkout', {
      token,
      body: { tier: 'basic', success_url: `${origin()}/ok`, cancel_url: `${origin()}/no` },
    });
    expect(checkout.status).toBe(200);
    // A session stored before return URLs were checked.
    await getAdapters().table.update(keys.checkout(checkout.body.session_id!), {
      set: { success_url: 'https://evil.example/ok', cancel_url: 'https://evil.example/cancel' },
    });
    const back = await pressOnCheckoutPage(checkout.body.url, 'cancel');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${origin()}/subscription?payment=cancelled`);

    const paying = await t.api<CheckoutResponse>('POST', '/subscriptions/checkout', {
      token,
      body: { tier: 'basic', success_url: `${origin()}/ok`, cancel_url: `${origin()}/no` },
    });
    await getAdapters().table.update(keys.checkout(paying.body.session_id!), {
      set: { success_url: 'https://evil.example/ok' },
    });
    const paid = await pressOnCheckoutPage(paying.body.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${origin()}/dashboard?payment=success`);
    expect((await current(token)).tier).toBe('basic');
  }, 60_000);
});

describe('book uploads on the free tier', () => {
  it('the third upload needs a payment, and goes through after the offline payment', async () => {
    const { accessToken: token } = await createUser(t, { role: 'author' });
    for (const title of ['First', 'Second'])
      expect((await uploadBook(t, { token, title, text: text(title) })).status).toBe(201);
    const count = await t.api<UserBookCount>('GET', '/payments/user-book-count', { token });
    expect(count.body).toMatchObject({ book_count: 2, tier: 'free', requires_payment: true });

    const refused = await uploadBook(t, { token, title: 'Third', text: text('Third') });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      detail: paymentMessages.uploadRequiresPayment,
      code: 'book_payment_required',
    });

    const bookId = randomUUID();
    const checkout = await t.api<BookUploadCheckoutResponse>(
      'POST',
      '/payments/create-book-upload-checkout-session',
      { token, body: { book_id: bookId } },
    );
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ book_id: bookId, amount: 4.99, currency: 'usd' });
    const pending = await t.api<BookPaymentStatus>('GET', `/payments/check-payment-status/${bookId}`, {
      token,
    });
    expect(pending.body).toMatchObject({ status: 'pending', paid: false });

    const paid = await pressOnCheckoutPage(checkout.body.url, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.runtime.url}/upload?payment=success&book_id=${bookId}`);
    const status = await t.api<BookPaymentStatus>(
      'GET',
      `/payments/check-payment-status/${checkout.body.session_id}`,
      { token },
    );
    expect(status.body).toMatchObject({ book_id: bookId, status: 'paid', paid: true });
    expect((await t.api<UserBookCount>('GET', '/payments/user-book-count', { token })).body).toMatchObject({
      requires_payment: false,
      paid_book_ids: [bookId],
    });

    // Without naming the paid id it is still refused; naming it, the book takes that id.
    expect((await uploadBook(t, { token, title: 'Third', text: text('Third') })).status).toBe(402);
    const form = new FormData();
    form.set('book_type', 'learning');
    form.set('title', 'Third');
    form.set('text_content', text('Third'));
    form.set('book_id', bookId);
    const upload = await fetch(`${t.runtime.apiUrl}/books/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    expect(((await upload.json()) as { id: string }).id).toBe(bookId);
    expect(
      (await t.api<BookPaymentStatus>('GET', `/payments/check-payment-status/${bookId}`, { token })).body
        .status,
    ).toBe('used');
    // A paid upload is used once.
    const reuse = new FormData();
    reuse.set('text_content', text('Fourth'));
    reuse.set('book_id', bookId);
    const fourth = await fetch(`${t.runtime.apiUrl}/books/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: reuse,
    });
    expect(fourth.status).toBe(402);
  }, 120_000);

  it('of 10 concurrent uploads by a free user with 1 book exactly one is accepted; a paid upload then goes through', async () => {
    const { accessToken: token } = await createUser(t, { role: 'author' });
    expect((await uploadBook(t, { token, title: 'First', text: text('First') })).status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        uploadBook(t, { token, title: `Race ${i}`, text: text(`Race ${i}`) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 402);
    expect(refused).toHaveLength(9);
    for (const answer of refused)
      expect(answer.body).toMatchObject({
        detail: paymentMessages.uploadRequiresPayment,
        code: 'book_payment_required',
      });
    const books = await t.api<unknown[]>('GET', '/books', { token });
    expect(books.status).toBe(200);
    expect(books.body).toHaveLength(2);
    expect((await t.api<UserBookCount>('GET', '/payments/user-book-count', { token })).body).toMatchObject({
      book_count: 2,
      tier: 'free',
      requires_payment: true,
      paid_book_ids: [],
    });

    // One paid upload: the next upload naming it goes through (and takes its id), the one after does not.
    const bookId = randomUUID();
    const checkout = await t.api<BookUploadCheckoutResponse>(
      'POST',
      '/payments/create-book-upload-checkout-session',
      { token, body: { book_id: bookId } },
    );
    expect((await pressOnCheckoutPage(checkout.body.url, 'pay')).status).toBe(303);
    const form = new FormData();
    form.set('text_content', text('Paid'));
    form.set('book_id', bookId);
    const paid = await fetch(`${t.runtime.apiUrl}/books/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(paid.status).toBe(201);
    expect(((await paid.json()) as { id: string }).id).toBe(bookId);
    expect((await t.api<UserBookCount>('GET', '/payments/user-book-count', { token })).body).toMatchObject({
      book_count: 3,
      requires_payment: true,
    });
    expect((await uploadBook(t, { token, title: 'More', text: text('More') })).status).toBe(402);
    await t.runtime.stepFunctions.idle();
  }, 180_000);

  it('deleting a book gives its place back, once however many deletes race; a failed upload takes none', async () => {
    const { accessToken: token } = await createUser(t, { role: 'author' });
    const first = await uploadBook(t, { token, title: 'First', text: text('First') });
    expect(first.status).toBe(201);
    // An upload refused for its content (an empty text) keeps no place: the second book still fits.
    const empty = await uploadBook(t, { token, title: 'Empty', text: '   ' });
    expect(empty.status).toBe(400);
    expect((await uploadBook(t, { token, title: 'Second', text: text('Second') })).status).toBe(201);
    expect((await uploadBook(t, { token, title: 'Third', text: text('Third') })).status).toBe(402);
    await t.runtime.stepFunctions.idle();

    const deletes = await Promise.all(
      Array.from({ length: 3 }, () => t.api('DELETE', `/books/${String(first.body.id)}`, { token })),
    );
    expect(deletes.filter((d) => d.status < 300).length).toBeGreaterThanOrEqual(1);
    expect((await t.api<UserBookCount>('GET', '/payments/user-book-count', { token })).body).toMatchObject({
      book_count: 1,
      requires_payment: false,
    });
    const answers = await Promise.all(
      ['Third', 'Fourth'].map((title) => uploadBook(t, { token, title, text: text(title) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 402]);
    await t.runtime.stepFunctions.idle();
  }, 180_000);

  it("another user can neither read nor pay for someone else's book", async () => {
    const [owner, other] = await Promise.all([createUser(t), createUser(t)]);
    const book = await uploadBook(t, { token: owner.accessToken, title: 'Mine', text: text('Mine') });
    const bookId = String(book.body.id);
    const pay = await t.api('POST', '/payments/create-book-upload-checkout-session', {
      token: other.accessToken,
      body: { book_id: bookId },
    });
    expect(pay.status).toBe(404);
    expect(pay.body).toMatchObject({ detail: 'Book not found.' });

    const reserved = randomUUID();
    const mine = await t.api<BookUploadCheckoutResponse>(
      'POST',
      '/payments/create-book-upload-checkout-session',
      {
        token: owner.accessToken,
        body: { book_id: reserved },
      },
    );
    expect(mine.status).toBe(200);
    for (const id of [reserved, mine.body.session_id])
      expect(
        (await t.api('GET', `/payments/check-payment-status/${id}`, { token: other.accessToken })).status,
      ).toBe(404);
    expect(
      (
        await t.api('POST', '/payments/create-book-upload-checkout-session', {
          token: other.accessToken,
          body: { book_id: reserved },
        })
      ).status,
    ).toBe(404);
    const invalid = await t.api('POST', '/payments/create-book-upload-checkout-session', {
      token: other.accessToken,
      body: { book_id: 'not-a-book' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ detail: 'Invalid book id' });
  }, 120_000);
});
