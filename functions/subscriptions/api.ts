import { checkoutRequest, portalRequest } from '../contracts/subscription-requests';
import { createApiHandler } from '../lib/api-handler';
import { defineHandler, ok, requireUser } from '../lib/http';
import { subscriptions } from './instance';

/** GET /subscriptions/tiers: the tiers as data (prices, limits, features). */
const tiers = defineHandler({}, async () => ok(subscriptions().tiers()));

const current = defineHandler({}, async (ctx) => ok(await subscriptions().current(requireUser(ctx).userId)));

const usage = defineHandler({}, async (ctx) => ok(await subscriptions().usage(requireUser(ctx).userId)));

const checkout = defineHandler({ body: checkoutRequest }, async (ctx) =>
  ok(await subscriptions().checkout(requireUser(ctx).userId, ctx.body)),
);

const cancel = defineHandler({}, async (ctx) => ok(await subscriptions().cancel(requireUser(ctx).userId)));

const reactivate = defineHandler({}, async (ctx) =>
  ok(await subscriptions().reactivate(requireUser(ctx).userId)),
);

const portal = defineHandler({ body: portalRequest }, async (ctx) =>
  ok(await subscriptions().portal(requireUser(ctx).userId, ctx.body.return_url)),
);

export const handlers = { tiers, current, usage, checkout, cancel, reactivate, portal };
export const handler = createApiHandler('subscriptions', handlers);
