import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse, Subscription } from '../../functions/contracts/subscriptions';
import { subscriptionMessages } from '../../functions/contracts/subscriptions';
import { createUser, startTestRuntime, upgradeToBasic, type TestRuntime } from './helpers';

/** Plan changes after the first checkout: the rules of cancel, reactivate, switch and the portal. */
let t: TestRuntime;

beforeAll(async () => {
  t = await startTestRuntime();
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

const origin = () => new URL(t.runtime.apiUrl).origin;
const urls = () => ({
  success_url: `${origin()}/dashboard?payment=success`,
  cancel_url: `${origin()}/subscription?payment=cancelled`,
});
const current = async (token: string) =>
  (await t.api<Subscription>('GET', '/subscriptions/current', { token })).body;
const checkout = (token: string, body: object) =>
  t.api<CheckoutResponse & { detail?: string }>('POST', '/subscriptions/checkout', { token, body });
const post = (path: string, token: string, body?: object) =>
  t.api<{ detail?: string; message?: string; subscription?: Subscription; url?: string }>('POST', path, {
    token,
    body,
  });

describe('subscription changes', () => {
  it('answers a free user in words: nothing to cancel, reactivate or manage, no checkout for free', async () => {
    const { accessToken: token } = await createUser(t);
    expect(await post('/subscriptions/cancel', token)).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.nothingToCancel },
    });
    expect(await post('/subscriptions/reactivate', token)).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.nothingToReactivate },
    });
    expect(
      await post('/subscriptions/portal', token, { return_url: `${origin()}/subscription` }),
    ).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.portalUnavailable },
    });
    expect(await checkout(token, { tier: 'free', billing_period: 'monthly', ...urls() })).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.freeCheckout },
    });
    expect(await checkout(token, { tier: 'pro', billing_period: 'monthly', ...urls() })).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.tierUnavailable('Pro') },
    });
    expect((await checkout(token, { tier: 'gold', billing_period: 'monthly', ...urls() })).status).toBe(400);
    expect(
      (
        await checkout(token, {
          tier: 'basic',
          billing_period: 'monthly',
          success_url: 'javascript:alert(1)',
          cancel_url: 'ftp://x',
        })
      ).status,
    ).toBe(400);
    expect(await current(token)).toMatchObject({
      tier: 'free',
      cancel_at_period_end: false,
      portal_available: false,
    });
  });

  it('cancels once, reactivates once, and says so when asked twice', async () => {
    const { accessToken: token } = await createUser(t);
    await upgradeToBasic(t, token);
    expect(await current(token)).toMatchObject({ tier: 'basic', billing_period: 'monthly' });

    expect(await checkout(token, { tier: 'basic', billing_period: 'monthly', ...urls() })).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.sameTier },
    });

    const cancelled = await post('/subscriptions/cancel', token);
    expect(cancelled).toMatchObject({ status: 200, body: { message: subscriptionMessages.cancelled } });
    expect(cancelled.body.subscription).toMatchObject({ tier: 'basic', cancel_at_period_end: true });
    expect(await post('/subscriptions/cancel', token)).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.alreadyCancelled },
    });

    const back = await post('/subscriptions/reactivate', token);
    expect(back).toMatchObject({ status: 200, body: { message: subscriptionMessages.reactivated } });
    expect(back.body.subscription).toMatchObject({ cancel_at_period_end: false });
    expect(await post('/subscriptions/reactivate', token)).toMatchObject({
      status: 400,
      body: { detail: subscriptionMessages.nothingToReactivate },
    });
    expect(await current(token)).toMatchObject({ tier: 'basic', cancel_at_period_end: false });
  });

  it('switches to annual billing at once and back to monthly at the next cycle', async () => {
    const { accessToken: token } = await createUser(t);
    await upgradeToBasic(t, token);

    const annual = await checkout(token, { tier: 'basic', billing_period: 'annual', ...urls() });
    expect(annual).toMatchObject({ status: 200, body: { outcome: 'upgraded', session_id: null } });
    expect(annual.body.url).toBe(urls().success_url);
    const upgraded = await current(token);
    expect(upgraded).toMatchObject({ tier: 'basic', billing_period: 'annual', scheduled_tier: null });

    const monthly = await checkout(token, { tier: 'basic', billing_period: 'monthly', ...urls() });
    expect(monthly).toMatchObject({ status: 200, body: { outcome: 'scheduled', session_id: null } });
    const scheduled = await current(token);
    // The plan paid for is kept to the end of its period; the change waits for the next cycle.
    expect(scheduled).toMatchObject({ tier: 'basic', billing_period: 'annual', scheduled_tier: 'basic' });
    expect(scheduled.scheduled_change_at).toBe(upgraded.current_period_end);
  });

  it('sends a paid plan to its billing portal: offline, back to the subscription page, where plans are managed', async () => {
    const { accessToken: token } = await createUser(t);
    await upgradeToBasic(t, token);
    // Offline there is no portal to show, so the page offers none; the route still answers its return URL.
    expect(await current(token)).toMatchObject({ portal_available: false, provider: 'local' });
    const returnUrl = `${origin()}/subscription`;
    expect(await post('/subscriptions/portal', token, { return_url: returnUrl })).toMatchObject({
      status: 200,
      body: { url: returnUrl },
    });
    expect((await post('/subscriptions/portal', token, { return_url: 'javascript:alert(1)' })).status).toBe(
      400,
    );
  });
});
