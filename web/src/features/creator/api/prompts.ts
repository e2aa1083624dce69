import { api } from '@/lib/api';
import { promptsKey } from '@/lib/data/prompts';

export const deletePrompt = (id: string) => api.delete<void>(`${promptsKey}/${id}`);
