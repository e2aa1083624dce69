import type { CreatorPrompt } from '@contracts/api';
import useSWR from 'swr';

/** The author's Creator Mode prompts (drafts). */
export const promptsKey = '/creator/prompts';
export const usePrompts = (enabled: boolean) => useSWR<CreatorPrompt[]>(enabled ? promptsKey : null);
