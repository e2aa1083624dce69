import { books } from '../../books/instance';
import { getEngine } from '../../engine';
import { withTempDir } from '../../engine/media/temp';
import { getUserActivity } from '../../events';
import { getJobs } from '../../jobs';
import { getAdapters } from '../../lib/adapters';
import { assistant, quizzes } from '../instance';
import { createLearningRepository } from '../repository';
import type { AssistDeps } from './assist.stages';
import type { LearningContentDeps } from './content.stages';
import { RECIPES } from './recipes';

/** The learning-content stages on the production adapters: the one place their dependencies are made. */
export function learningContentDeps(): LearningContentDeps {
  const { storage } = getAdapters();
  const chapters = books();
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    recipes: RECIPES,
    chapters: {
      chapterContext: (chapterId) => chapters.chapterContext(chapterId),
      chapterText: (chapter) => chapters.chapterText(chapter),
      listChapters: (bookId) => chapters.chaptersOf(bookId),
    },
    content: createLearningRepository(getAdapters().table),
    activity: getUserActivity(),
    uploads: storage.uploads,
    media: storage.media,
    tempDir: withTempDir,
  };
}

/** The learning stages of the model-request workflow on the production adapters. */
export function learningAssistDeps(): AssistDeps {
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    books: books(),
    quizzes: quizzes(),
    presenters: assistant(),
  };
}
