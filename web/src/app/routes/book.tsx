import { BookPage } from '@/features/books/routes/book-page';
import { LearningView } from '@/features/learning/components/learning-view';

/** A book's page: learning books open in the learning feature's view. */
export default function BookRoute() {
  return <BookPage learningView={LearningView} />;
}
