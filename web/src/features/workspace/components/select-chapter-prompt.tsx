import { EmptyState } from '@/components/ui/card';
import { SELECT_CHAPTER_PROMPTS } from '../model/tabs';

/** What a chapter tab shows while no chapter is selected. */
export function SelectChapterPrompt({ tab }: { tab: keyof typeof SELECT_CHAPTER_PROMPTS }) {
  return <EmptyState title={SELECT_CHAPTER_PROMPTS[tab]}>Choose one in the chapter list.</EmptyState>;
}
