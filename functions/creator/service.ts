import type { CreatorPrompt } from '../contracts/api';
import type { PromptKind } from '../contracts/validation';
import { NotFoundError } from '../lib/errors';
import { isoNow, type Clock, type Table } from '../lib/ports';
import { createPromptRepository } from './repository';

/**
 * Creator Mode: authors keep prompts for books, scripts and videos they want to make. The prompts
 * are stored in the author's workspace and listed back.
 */
export function createCreatorService(deps: { table: Table; clock: Clock; sortableId: () => string }) {
  const prompts = createPromptRepository(deps.table);
  return {
    async list(userId: string, kind?: PromptKind): Promise<CreatorPrompt[]> {
      const all = await prompts.list(userId);
      return kind ? all.filter((p) => p.kind === kind) : all;
    },
    async create(userId: string, kind: PromptKind, text: string): Promise<CreatorPrompt> {
      const prompt: CreatorPrompt = {
        id: deps.sortableId(),
        kind,
        prompt: text.trim(),
        created_at: isoNow(deps.clock),
      };
      await prompts.put(userId, prompt);
      return prompt;
    },
    async remove(userId: string, id: string): Promise<void> {
      if (!(await prompts.delete(userId, id))) throw new NotFoundError('Prompt not found');
    },
  };
}

export type CreatorService = ReturnType<typeof createCreatorService>;
