import type { BookWithChapters } from '@contracts/books';
import { BookPage } from '@/features/books/routes/book-page';
import { LearningView } from '@/features/learning/components/learning-view';
import { MergeStudio } from '@/features/merge/components/merge-studio';
import { WorkspaceView, type MergeStudioSlot } from '@/features/workspace/components/workspace-view';

/** The Production Studio's Merge tab is the merge feature's studio, offered the chapter's video. */
const mergeStudio: MergeStudioSlot = (props) => <MergeStudio {...props} />;

function EntertainmentView({ book }: { book: BookWithChapters }) {
  return <WorkspaceView book={book} mergeStudio={mergeStudio} />;
}

const views = { learning: LearningView, entertainment: EntertainmentView };

/** A book's page: learning books open in the learning view, the others in the production workspace. */
export default function BookRoute() {
  return <BookPage views={views} />;
}
