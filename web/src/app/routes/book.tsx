import { BookPage } from '@/features/books/routes/book-page';
import { LearningView } from '@/features/learning/components/learning-view';
import { WorkspaceView } from '@/features/workspace/components/workspace-view';

const views = { learning: LearningView, entertainment: WorkspaceView };

/** A book's page: learning books open in the learning view, the others in the production workspace. */
export default function BookRoute() {
  return <BookPage views={views} />;
}
