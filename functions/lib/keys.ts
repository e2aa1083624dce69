import type { Key } from './ports';

/**
 * Single-table layout. Every item has `pk`/`sk`; `gsi1` finds items by another key (an owner's books,
 * a chapter by id, a book's jobs). Each domain's repository reads and writes only its own kinds.
 *
 *   USER#<sub>   PROFILE                     profile (display name, role, bio, ...)
 *   USER#<sub>   STATS                       counters (ADD-updated)
 *   USER#<sub>   EVENT#<iso>#<id>            recent activity
 *   USER#<sub>   BADGE#<badgeId>             badge awards (written once)
 *   USER#<sub>   PROMPT#<sortable id>        creator prompts
 *   USER#<sub>   PROGRESS#<bookId>           reading/learning progress in a book
 *   USER#<sub>   ATTEMPT#<quizId>#<iso>      quiz attempt
 *   USER#<sub>   UPLOAD#<uploadId>           a presigned upload the user may turn into a book (once)
 *   USER#<sub>   SESSIONS                    ended sessions: sign-out cut-off, logged-out sign-ins
 *   USER#<sub>   SUBSCRIPTION                the user's plan (absent: free)
 *   USER#<sub>   USAGE#<YYYY-MM>             videos started in a UTC month (ADD-updated, conditional on the limit)
 *   BOOK#<id>    META                        book (gsi1: OWNER#<sub> / BOOK#<created_at>#<id>)
 *   BOOK#<id>    CHAPTER#<0001>              chapter (gsi1: CHAPTER#<chapterId> / CHAPTER)
 *   BOOK#<id>    CONTENT#<chapterId>#<type>  the ready learning content of a chapter
 *   BOOK#<id>    QUIZ#<created>#<id>         quiz with answers (gsi1: QUIZ#<id> / QUIZ)
 *   BOOK#<id>    PLOT                        the plot overview of the book (gsi1: PLOT#<id> / PLOT)
 *   BOOK#<id>    CHARACTER#<id>              a character of the plot (gsi1: CHARACTER#<id> / CHARACTER)
 *   BOOK#<id>    SCRIPT#<chapterId>#<created>#<id>  a chapter's script (gsi1: SCRIPT#<id> / SCRIPT)
 *   BOOK#<id>    IMAGE#<chapterId>#<id>      a chapter's scene or character image (id = its job's id)
 *   BOOK#<id>    VIDEOGEN#<genId>#<stage>#<item>  what a video generation's stage made of one item (scene, character, shot)
 *   BOOK#<id>    VIDEOPROD#<chapterId>       a chapter's video production (the studio's timeline)
 *   BOOK#<id>    PAYMENT                     the paid upload of a book id (gsi1: BOOKPAYMENTS#<sub> / <created>#<id>)
 *   BOOK#<id>    JOBLOCK#<name>              the job holding a one-at-a-time lock (USER#<sub> for jobs without a book)
 *   BOOK#<id>    READING#<iso>#<eventId>     what a reader did in the book (read, listened, watched, quiz): its analytics
 *   JOB#<id>     META                        a long generation (gsi1: BOOKJOBS#<bookId> / <chapterId|->#<created>#<id>)
 *   CATALOG#<type> <published_at>#<bookId>   curated catalogue entry (published by admins)
 *   CHECKOUT#<session> META                  a checkout session: whose, what for (and the whole session offline)
 *   STRIPESUB#<id> META                      a Stripe subscription's user
 *   WEBHOOK#<event id> META                  a processed payment event (written once: idempotency)
 *
 * Everything a book owns is in its partition or found through its id, so deleting a book needs no
 * knowledge of the domains built on it.
 */
const pad = (n: number) => String(n).padStart(4, '0');

export const keys = {
  profile: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  stats: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'STATS' }),
  event: (userId: string, at: string, id: string): Key => ({ pk: `USER#${userId}`, sk: `EVENT#${at}#${id}` }),
  badge: (userId: string, badgeId: string): Key => ({ pk: `USER#${userId}`, sk: `BADGE#${badgeId}` }),
  prompt: (userId: string, id: string): Key => ({ pk: `USER#${userId}`, sk: `PROMPT#${id}` }),
  progress: (userId: string, bookId: string): Key => ({ pk: `USER#${userId}`, sk: `PROGRESS#${bookId}` }),
  attempt: (userId: string, quizId: string, at: string): Key => ({
    pk: `USER#${userId}`,
    sk: `ATTEMPT#${quizId}#${at}`,
  }),
  upload: (userId: string, uploadId: string): Key => ({ pk: `USER#${userId}`, sk: `UPLOAD#${uploadId}` }),
  sessions: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'SESSIONS' }),
  book: (bookId: string): Key => ({ pk: `BOOK#${bookId}`, sk: 'META' }),
  chapter: (bookId: string, chapterNumber: number): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `CHAPTER#${pad(chapterNumber)}`,
  }),
  content: (bookId: string, chapterId: string, type: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `CONTENT#${chapterId}#${type}`,
  }),
  quiz: (bookId: string, createdAt: string, quizId: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `QUIZ#${createdAt}#${quizId}`,
  }),
  plot: (bookId: string): Key => ({ pk: `BOOK#${bookId}`, sk: 'PLOT' }),
  character: (bookId: string, characterId: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `CHARACTER#${characterId}`,
  }),
  script: (bookId: string, chapterId: string, createdAt: string, scriptId: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `SCRIPT#${chapterId}#${createdAt}#${scriptId}`,
  }),
  chapterImage: (bookId: string, chapterId: string, imageId: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `IMAGE#${chapterId}#${imageId}`,
  }),
  videoStageItem: (bookId: string, generationId: string, stage: string, item: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `VIDEOGEN#${generationId}#${stage}#${item}`,
  }),
  videoProduction: (bookId: string, chapterId: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `VIDEOPROD#${chapterId}`,
  }),
  readingEvent: (bookId: string, at: string, eventId: string): Key => ({
    pk: `BOOK#${bookId}`,
    sk: `READING#${at}#${eventId}`,
  }),
  job: (jobId: string): Key => ({ pk: `JOB#${jobId}`, sk: 'META' }),
  subscription: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'SUBSCRIPTION' }),
  usage: (userId: string, period: string): Key => ({ pk: `USER#${userId}`, sk: `USAGE#${period}` }),
  /** How many books the user has (the free tier's book allowance counts them). */
  booksHeld: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'BOOKS_HELD' }),
  bookPayment: (bookId: string): Key => ({ pk: `BOOK#${bookId}`, sk: 'PAYMENT' }),
  checkout: (sessionId: string): Key => ({ pk: `CHECKOUT#${sessionId}`, sk: 'META' }),
  stripeSubscription: (subscriptionId: string): Key => ({ pk: `STRIPESUB#${subscriptionId}`, sk: 'META' }),
  webhookEvent: (eventId: string): Key => ({ pk: `WEBHOOK#${eventId}`, sk: 'META' }),
  catalogEntry: (bookType: string, publishedAt: string, bookId: string): Key => ({
    pk: `CATALOG#${bookType}`,
    sk: `${publishedAt}#${bookId}`,
  }),
};

/** Partition keys and index keys, for queries. */
export const partitions = {
  user: (userId: string) => `USER#${userId}`,
  book: (bookId: string) => `BOOK#${bookId}`,
  catalog: (bookType: string) => `CATALOG#${bookType}`,
};

export const indexKeys = {
  owner: (userId: string) => `OWNER#${userId}`,
  chapter: (chapterId: string) => `CHAPTER#${chapterId}`,
  quiz: (quizId: string) => `QUIZ#${quizId}`,
  bookJobs: (bookId: string) => `BOOKJOBS#${bookId}`,
  plot: (plotId: string) => `PLOT#${plotId}`,
  character: (characterId: string) => `CHARACTER#${characterId}`,
  script: (scriptId: string) => `SCRIPT#${scriptId}`,
};
