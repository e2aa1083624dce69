import { books } from '../../books/instance';
import { getEngine } from '../../engine';
import { getJobs } from '../../jobs';
import { scripts } from '../../scripts/instance';
import { video } from '../../video/instance';
import { hasTextModel } from '../capabilities';
import type { CreationStageDeps } from './creation.stages';

/** The Creator stages on the production adapters: the one place their dependencies are made. */
export function creationStageDeps(): CreationStageDeps {
  return {
    jobs: getJobs(),
    // Made on first use: a failure recorder never needs the engine.
    get engine() {
      return getEngine();
    },
    textModel: hasTextModel(),
    books: books(),
    films: {
      createSingleChapterBook: (request) => books().createSingleChapterBook(request),
      writeScript: (userId, request) => scripts().generate(userId, request),
      discardBook: async (userId, bookId) => books().deleteBook(await books().loadOwnedBook(bookId, userId)),
      startFilm: (userId, input, timeline, film, sound) =>
        video().start(userId, input, timeline, film, sound),
    },
  };
}
