import type { Chapter } from '@contracts/books';
import { EmptyState } from '@/components/ui/card';
import { SelectChapterPrompt } from '@/features/workspace/components/select-chapter-prompt';

/** The Audio tab (Audio Production panel) of the selected chapter. Its studio is not built yet. */
export function AudioTab({ chapter }: { chapter: Chapter | null }) {
  if (!chapter) return <SelectChapterPrompt tab="audio" />;
  return (
    <EmptyState title="Audio production is not available yet">
      Narration, music, effects and ambiance of this chapter will be produced here.
    </EmptyState>
  );
}
