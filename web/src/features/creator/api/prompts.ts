import type { CreatorPrompt } from '@contracts/api';
import type { PromptKind } from '@contracts/validation';
import { api } from '@/lib/api';
import { promptsKey } from '@/lib/data/prompts';

export const createPrompt = (kind: PromptKind, prompt: string) =>
  api.post<CreatorPrompt>(promptsKey, { kind, prompt });
export const deletePrompt = (id: string) => api.delete<void>(`${promptsKey}/${id}`);
