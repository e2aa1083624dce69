import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { CreatorPrompt } from '../contracts/api';
import { PROMPT_KINDS, validatePrompt, type PromptKind } from '../contracts/validation';
import { createApiHandler } from '../lib/api-handler';
import { aws } from '../lib/clients';
import { NotFoundError } from '../lib/errors';
import { created, defineHandler, noContent, ok, requireUser } from '../lib/http';
import { sortableId } from '../lib/ids';
import { keys, stripKeys, tableName, userPk } from '../lib/repositories/table';

/**
 * Creator Mode: authors keep prompts for books, scripts and videos they want to make. The prompts are
 * stored in the author's workspace and listed back; generation from a prompt uses the media engine.
 */
const promptBody = z
  .object({ kind: z.enum(PROMPT_KINDS as [PromptKind, ...PromptKind[]]), prompt: z.string() })
  .superRefine((value, ctx) => {
    const problem = validatePrompt(value.kind, value.prompt);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
  });

const listPrompts = defineHandler(
  { query: z.object({ kind: z.enum(['book', 'script', 'video']).optional() }) },
  async (ctx) => {
    const user = requireUser(ctx);
    const { Items = [] } = await aws.ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPk(user.userId), ':prefix': 'PROMPT#' },
        ScanIndexForward: false,
        Limit: 100,
      }),
    );
    const prompts = Items.map((item) => stripKeys(item) as CreatorPrompt);
    return ok(ctx.query.kind ? prompts.filter((p) => p.kind === ctx.query.kind) : prompts);
  },
);

const createPrompt = defineHandler({ body: promptBody }, async (ctx) => {
  const user = requireUser(ctx);
  const prompt: CreatorPrompt = {
    id: sortableId(),
    kind: ctx.body.kind,
    prompt: ctx.body.prompt.trim(),
    created_at: new Date().toISOString(),
  };
  await aws.ddb.send(
    new PutCommand({ TableName: tableName(), Item: { ...keys.prompt(user.userId, prompt.id), ...prompt } }),
  );
  return created(prompt);
});

const deletePrompt = defineHandler(
  { params: z.object({ id: z.string().regex(/^[0-9a-z]{9}[0-9a-f]{16}$/) }) },
  async (ctx) => {
    const user = requireUser(ctx);
    const { Attributes } = await aws.ddb.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.prompt(user.userId, ctx.params.id),
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) throw new NotFoundError('Prompt not found');
    return noContent();
  },
);

export const handlers = { listPrompts, createPrompt, deletePrompt };
export const handler = createApiHandler('creator', handlers);
