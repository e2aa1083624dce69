import middy from '@middy/core';
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { routes, type LambdaGroup, type RouteDefinition } from '../routes';
import { getAdapters } from './adapters';
import { keys } from './keys';
import { createSessions } from './sessions';
import { prepareMediaUrls } from './media-urls';
import { startImageAllowances } from '../engine/image/request';
import { prepareEngineSecrets } from './aws/engine-secrets';
import { toResult, type RouteHandler } from './http';
import { authorise } from './middleware/authorise';
import { faultInjection } from './middleware/faults';
import { httpErrors } from './middleware/http-errors';
import { observability } from './middleware/observability';
import { parseJsonBody } from './middleware/parse-body';
import { currentRoute, normalise, type ChainEvent } from './middleware/route';
import { validateInput } from './middleware/validate';

/**
 * The Lambda handler of one domain group: the middy chain every API request goes through, in the
 * usual order — observability → normalise (find the route) → authorise (the route's rule) → parse →
 * validate (the route's zod schemas) → fault injection (tests) → handler → error handler (last, so it
 * turns every failure into the right answer). Handlers stay thin: they get typed input and return a
 * response.
 */
export function createApiHandler(
  group: LambdaGroup,
  handlers: Record<string, RouteHandler>,
  /** Tests give their own routes and role lookup; Lambda uses the route table and the profiles. */
  options: {
    routes?: readonly RouteDefinition[];
    roleOf?: (userId: string) => Promise<string | null>;
    isEnded?: (claims: Record<string, unknown>) => Promise<boolean>;
  } = {},
) {
  const groupRoutes = (options.routes ?? routes).filter((route) => route.group === group);
  return middy<ChainEvent, APIGatewayProxyResultV2>()
    .use(
      observability<ChainEvent>({
        operation: (event) => event.routeKey,
        correlationId: (event) => event.requestContext?.requestId,
      }),
    )
    .use(normalise(groupRoutes, handlers))
    .use(
      authorise({
        roleOf: options.roleOf ?? roleFromProfile,
        isEnded: options.isEnded ?? ((claims) => createSessions(getAdapters().table).isEnded(claims)),
      }),
    )
    .use(parseJsonBody())
    .use(validateInput())
    .use(faultInjection<ChainEvent>((request) => currentRoute(request).route.handler))
    .use(httpErrors())
    .handler(async (event) => {
      await Promise.all([prepareMediaUrls(), prepareEngineSecrets()]);
      startImageAllowances();
      const input = event.input!;
      const { input: _input, ...apiEvent } = event;
      return toResult(
        await input.handler.run({
          body: input.body,
          query: input.query,
          params: input.params,
          user: input.user ?? null,
          headers: input.headers,
          rawBody: input.rawBody,
          event: apiEvent,
        }),
      );
    });
}

async function roleFromProfile(userId: string): Promise<string | null> {
  const profile = await getAdapters().table.get<{ role?: string }>(keys.profile(userId));
  return profile?.role ?? null;
}
