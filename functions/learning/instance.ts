import { books } from '../books/instance';
import { getEngine } from '../engine';
import { getUserActivity } from '../events';
import { getJobs } from '../jobs';
import { getAdapters } from '../lib/adapters';
import { uuid } from '../lib/ids';
import { subscriptions } from '../subscriptions/instance';
import { createAssistJobs, type AssistJobs } from './assist-jobs';
import { createLearningAssistant, type LearningAssistant } from './assistant';
import { createLearningRepository } from './repository';
import { createQuizService, type QuizService } from './quizzes';
import { createLearningService, type LearningService } from './service';

let service: LearningService | undefined;
let quizService: QuizService | undefined;
let assistantService: LearningAssistant | undefined;
let assistJobsService: AssistJobs | undefined;

/** The learning service on the production adapters (created on first use, kept while warm). */
export const learning = (): LearningService =>
  (service ??= createLearningService({
    ...getAdapters(),
    jobs: getJobs(),
    books: books(),
    activity: getUserActivity(),
    metering: subscriptions().videoMetering,
  }));

export const quizzes = (): QuizService =>
  (quizService ??= createQuizService({
    repository: createLearningRepository(getAdapters().table),
    books: books(),
    activity: getUserActivity(),
    engine: getEngine,
    clock: getAdapters().clock,
    uuid,
  }));

export const assistant = (): LearningAssistant =>
  (assistantService ??= createLearningAssistant({
    media: getAdapters().storage.media,
    engine: getEngine,
    drawPreviewsLater: (userId) => assistJobs().drawPreviews(userId),
  }));

/** Quizzes, free text and safety reports as jobs (no request waits on the text model). */
export const assistJobs = (): AssistJobs =>
  (assistJobsService ??= createAssistJobs({ jobs: getJobs(), quizzes: quizzes(), learning: learning() }));
