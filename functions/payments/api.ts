import { z } from 'zod';
import { LOCAL_CHECKOUT_PATH } from '../contracts/subscriptions';
import { bookUploadCheckoutRequest } from '../contracts/subscription-requests';
import { createApiHandler } from '../lib/api-handler';
import { defineHandler, ok, requireUser, type ApiResponse } from '../lib/http';
import { payments } from './instance';
import { renderCheckoutPage } from './page';

const idParam = z.object({ id: z.string().max(200) });

const createBookUploadCheckoutSession = defineHandler({ body: bookUploadCheckoutRequest }, async (ctx) =>
  ok(await payments().bookUploadCheckout(requireUser(ctx).userId, ctx.body)),
);

const checkPaymentStatus = defineHandler({ params: idParam }, async (ctx) =>
  ok(await payments().paymentStatus(requireUser(ctx).userId, ctx.params.id)),
);

const userBookCount = defineHandler({}, async (ctx) =>
  ok(await payments().userBookCount(requireUser(ctx).userId)),
);

/** Public: Stripe (or the offline checkout) posts events here, signed; the raw body is what is signed. */
const webhook = defineHandler({ rawBody: true }, async (ctx) =>
  ok(await payments().webhook(ctx.rawBody?.toString('utf8') ?? '', ctx.headers['stripe-signature'])),
);

const html = (body: string): ApiResponse => ({
  statusCode: 200,
  body: Buffer.from(body, 'utf8'),
  headers: { 'content-type': 'text/html; charset=utf-8' },
});
const redirect = (location: string): ApiResponse => ({ statusCode: 303, headers: { location } });

/** The offline checkout page (public: the session id, unguessable, is the capability). */
const localCheckoutPage = defineHandler({ params: idParam }, async (ctx) =>
  html(renderCheckoutPage(await payments().localCheckout(ctx.params.id), LOCAL_CHECKOUT_PATH)),
);

const localCheckoutPay = defineHandler({ params: idParam, rawBody: true }, async (ctx) =>
  redirect(await payments().payLocalCheckout(ctx.params.id)),
);

const localCheckoutCancel = defineHandler({ params: idParam, rawBody: true }, async (ctx) =>
  redirect(await payments().cancelLocalCheckout(ctx.params.id)),
);

export const handlers = {
  createBookUploadCheckoutSession,
  checkPaymentStatus,
  userBookCount,
  webhook,
  localCheckoutPage,
  localCheckoutPay,
  localCheckoutCancel,
};
export const handler = createApiHandler('payments', handlers);
