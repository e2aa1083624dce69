import type { CreatorPrompt } from '@contracts/api';
import type { PromptKind } from '@contracts/validation';
import useSWR from 'swr';
import { api } from '@/lib/api';

export const promptsKey = '/creator/prompts';
export const usePrompts = (enabled: boolean) => useSWR<CreatorPrompt[]>(enabled ? promptsKey : null);
export const createPrompt = (kind: PromptKind, prompt: string) =>
  api.post<CreatorPrompt>(promptsKey, { kind, prompt });
export const deletePrompt = (id: string) => api.delete<void>(`${promptsKey}/${id}`);
