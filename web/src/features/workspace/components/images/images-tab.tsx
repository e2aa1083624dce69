import type { Chapter } from '@contracts/books';
import { EmptyState } from '@/components/ui/card';
import { SelectChapterPrompt } from '@/features/workspace/components/select-chapter-prompt';

/** The Images tab (Scene Images panel) of the selected chapter. Its studio is not built yet. */
export function ImagesTab({ chapter }: { chapter: Chapter | null }) {
  if (!chapter) return <SelectChapterPrompt tab="images" />;
  return (
    <EmptyState title="Scene images are not available yet">
      Character portraits can be generated in the Plot tab. Scene images of this chapter will be made here.
    </EmptyState>
  );
}
