import type { CreatorPrompt } from '../contracts/api';
import { keys, partitions } from '../lib/keys';
import type { Table } from '../lib/ports';

/** An author's saved prompts, newest first (ids sort by creation time). */
export function createPromptRepository(table: Table) {
  return {
    list: (userId: string) =>
      table.query<CreatorPrompt>({
        pk: partitions.user(userId),
        skPrefix: 'PROMPT#',
        descending: true,
        limit: 100,
      }),
    put: (userId: string, prompt: CreatorPrompt) =>
      table.put({ ...keys.prompt(userId, prompt.id), ...prompt }),
    delete: (userId: string, id: string) => table.delete<CreatorPrompt>(keys.prompt(userId, id)),
  };
}
