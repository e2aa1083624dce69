import type { Chapter } from '@contracts/books';
import { EmptyState } from '@/components/ui/card';
import { SelectChapterPrompt } from '@/features/workspace/components/select-chapter-prompt';

/** The Video tab (Video Production Studio) of the selected chapter. Its studio is not built yet. */
export function VideoTab({ chapter }: { chapter: Chapter | null }) {
  if (!chapter) return <SelectChapterPrompt tab="video" />;
  return (
    <EmptyState title="Video production is not available yet">
      The chapter's video will be assembled here from its script, images and audio.
    </EmptyState>
  );
}
