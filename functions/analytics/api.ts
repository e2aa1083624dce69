import { authorAnalyticsQuery } from '../contracts/analytics';
import { createApiHandler } from '../lib/api-handler';
import { defineHandler, ok, requireUser } from '../lib/http';
import { analytics } from './instance';

const authorAnalytics = defineHandler({ query: authorAnalyticsQuery }, async (ctx) =>
  ok(await analytics().forAuthor(requireUser(ctx).userId, ctx.query)),
);

export const handlers = { authorAnalytics };
export const handler = createApiHandler('analytics', handlers);
