import type { BookWithChapters, Chapter } from '@contracts/books';
import type { QuizResult, QuizView } from '@contracts/learning';
import { QUIZ_PASS_SCORE } from '@contracts/learning';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Badge, Card } from '@/components/ui/card';
import { FormError, SelectField, TextField } from '@/components/ui/field';
import { MODEL_JOB_SCHEDULE } from '@/lib/job-status';
import { useJobStatus } from '@/lib/use-job-status';
import {
  checkQuizJob,
  refreshQuizzes,
  startQuiz,
  QUIZ_DEFAULT_QUESTIONS,
  QUIZ_DIFFICULTIES,
  QUIZ_MAX_QUESTIONS,
  QUIZ_MIN_QUESTIONS,
  submitQuiz,
  useBookQuizzes,
  type QuizDifficulty,
} from '../api/learning';
import { CheckIcon, CrossIcon } from './icons';

type Answers = (number | null)[];
type QuizStage =
  | { mode: 'setup' }
  | { mode: 'taking'; quiz: QuizView; answers: Answers }
  | { mode: 'result'; quiz: QuizView; answers: Answers; result: QuizResult };

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const letter = (i: number) => String.fromCharCode(65 + i);

/** Moves keyboard focus to a heading when it appears, so screen readers follow the quiz. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function QuizSetup({
  book,
  chapter,
  onCreated,
}: {
  book: BookWithChapters;
  chapter: Chapter | undefined;
  onCreated: (quiz: QuizView) => void;
}) {
  const [scope, setScope] = useState<'chapter' | 'book'>(chapter ? 'chapter' : 'book');
  const [count, setCount] = useState(String(QUIZ_DEFAULT_QUESTIONS));
  const [difficulty, setDifficulty] = useState<QuizDifficulty>(book.difficulty);
  const [starting, setStarting] = useState(false);
  /** The quiz being written: its status route, followed until it is ready or failed. */
  const [statusUrl, setStatusUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const scopeName = useId();
  const onChapter = scope === 'chapter' && chapter;
  const busy = starting || statusUrl !== null;

  const failed = (message: string | null | undefined) => {
    setStatusUrl(null);
    setRequestError(message || 'Failed to generate quiz');
  };
  useJobStatus(statusUrl, checkQuizJob, MODEL_JOB_SCHEDULE, {
    onEnd: (job) => {
      if (job.status === 'ready' && job.quiz) {
        setStatusUrl(null);
        void refreshQuizzes(book.id);
        onCreated(job.quiz);
      } else failed(job.error_message);
    },
    onTimeout: () => failed('Writing the quiz is taking longer than expected. Please try again later.'),
    onLost: (err) => failed(err instanceof Error ? err.message : null),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const numQuestions = Number(count);
    if (
      !Number.isInteger(numQuestions) ||
      numQuestions < QUIZ_MIN_QUESTIONS ||
      numQuestions > QUIZ_MAX_QUESTIONS
    ) {
      setError(`Choose between ${QUIZ_MIN_QUESTIONS} and ${QUIZ_MAX_QUESTIONS} questions.`);
      return;
    }
    setError(null);
    setRequestError(null);
    setStarting(true);
    try {
      const job = await startQuiz({
        bookId: book.id,
        chapterId: onChapter ? chapter.id : undefined,
        numQuestions,
        difficulty,
      });
      setStatusUrl(job.status_url);
    } catch (err) {
      failed(err instanceof Error ? err.message : null);
    } finally {
      setStarting(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-300">Quiz on</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {chapter && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={scopeName}
                checked={scope === 'chapter'}
                onChange={() => setScope('chapter')}
                className="accent-brand-600"
              />
              This chapter <span className="text-slate-500 dark:text-slate-400">({chapter.title})</span>
            </label>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={scopeName}
              checked={scope === 'book'}
              onChange={() => setScope('book')}
              className="accent-brand-600"
            />
            Whole book
          </label>
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Number of questions"
          type="number"
          inputMode="numeric"
          min={QUIZ_MIN_QUESTIONS}
          max={QUIZ_MAX_QUESTIONS}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={error}
          hint={`${QUIZ_MIN_QUESTIONS} to ${QUIZ_MAX_QUESTIONS}`}
        />
        <SelectField
          label="Difficulty"
          value={difficulty}
          onChange={(e) => setDifficulty(e.target.value as QuizDifficulty)}
        >
          {QUIZ_DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {capitalise(d)}
            </option>
          ))}
        </SelectField>
      </div>
      <FormError message={requestError} />
      <Button type="submit" busy={busy}>
        {busy ? 'Generating...' : 'Generate Quiz'}
      </Button>
    </form>
  );
}

function QuizTaker({
  quiz,
  answers,
  onAnswer,
  onSubmitted,
  onCancel,
}: {
  quiz: QuizView;
  answers: Answers;
  onAnswer: (question: number, option: number) => void;
  onSubmitted: (result: QuizResult) => void;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const answered = answers.filter((a) => a !== null).length;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      onSubmitted(await submitQuiz(quiz, answers));
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : 'Failed to submit quiz');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${quiz.id}-title`}>
      <h3 id={`${quiz.id}-title`} ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        {quiz.title}
      </h3>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {quiz.questions.length} questions · {capitalise(quiz.difficulty)}
      </p>
      <ol className="mt-4 space-y-5">
        {quiz.questions.map((question, qi) => (
          <li key={question.id}>
            <fieldset>
              <legend className="font-medium">
                {qi + 1}. {question.question}
              </legend>
              <div
                className={
                  question.kind === 'true_false'
                    ? 'mt-2 flex flex-wrap gap-2 [&>label]:min-w-28'
                    : 'mt-2 space-y-1.5'
                }
              >
                {question.options.map((option, oi) => (
                  <label
                    key={oi}
                    className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm transition-colors ${
                      answers[qi] === oi
                        ? 'border-brand-500 bg-brand-50 dark:border-brand-500 dark:bg-brand-600/20'
                        : 'border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${quiz.id}-q${qi}`}
                      checked={answers[qi] === oi}
                      onChange={() => onAnswer(qi, oi)}
                      className="mt-0.5 accent-brand-600"
                    />
                    <span>
                      <span className="sr-only">{letter(oi)}. </span>
                      {option}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="submit" busy={busy}>
          Submit
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <span className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          Answered {answered} of {quiz.questions.length}
          {answered < quiz.questions.length && ' · unanswered questions count as wrong'}
        </span>
      </div>
    </form>
  );
}

function QuizResultView({
  quiz,
  result,
  onRetake,
  onNew,
}: {
  quiz: QuizView;
  result: QuizResult;
  onRetake: () => void;
  onNew: () => void;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div>
      <h3 ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        Score: {Math.round(result.score)}%
      </h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        {result.correct} of {result.total} correct
        <Badge tone={result.passed ? 'green' : 'red'}>{result.passed ? 'Passed' : 'Not passed'}</Badge>
        <span>({QUIZ_PASS_SCORE}% to pass)</span>
      </p>
      <ol className="mt-4 space-y-4">
        {quiz.questions.map((question, qi) => {
          const outcome = result.results.find((r) => r.question_id === question.id) ?? result.results[qi];
          if (!outcome) return null;
          return (
            <li
              key={question.id}
              className={`rounded-xl border p-4 ${
                outcome.correct
                  ? 'border-green-200 bg-green-50/60 dark:border-green-900 dark:bg-green-950/30'
                  : 'border-red-200 bg-red-50/60 dark:border-red-900 dark:bg-red-950/30'
              }`}
            >
              <p className="flex items-start gap-2 font-medium">
                {outcome.correct ? (
                  <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-600 dark:text-green-400" />
                ) : (
                  <CrossIcon className="mt-0.5 h-5 w-5 shrink-0 text-red-600 dark:text-red-400" />
                )}
                <span>
                  <span className="sr-only">{outcome.correct ? 'Correct: ' : 'Incorrect: '}</span>
                  {qi + 1}. {question.question}
                </span>
              </p>
              <ul className="mt-2 space-y-1 pl-7 text-sm">
                {question.options.map((option, oi) => {
                  const right = oi === outcome.correct_answer;
                  const mine = oi === outcome.your_answer;
                  return (
                    <li
                      key={oi}
                      className={
                        right
                          ? 'font-medium text-green-700 dark:text-green-300'
                          : mine
                            ? 'text-red-700 dark:text-red-300'
                            : 'text-slate-600 dark:text-slate-400'
                      }
                    >
                      {letter(oi)}. {option}
                      {right && ' — Correct answer'}
                      {mine && !right && ' — Your answer'}
                    </li>
                  );
                })}
              </ul>
              {outcome.your_answer === null && (
                <p className="mt-1 pl-7 text-sm text-slate-600 dark:text-slate-400">Not answered.</p>
              )}
              {outcome.explanation && (
                <p className="mt-2 pl-7 text-sm text-slate-700 dark:text-slate-300">
                  <span className="font-medium">Explanation:</span> {outcome.explanation}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="mt-6 flex flex-wrap gap-2">
        <Button onClick={onRetake}>Retake</Button>
        <Button variant="secondary" onClick={onNew}>
          New quiz
        </Button>
      </div>
    </div>
  );
}

function QuizHistory({
  book,
  onTake,
  disabled,
}: {
  book: BookWithChapters;
  onTake: (quiz: QuizView) => void;
  disabled: boolean;
}) {
  const { data: quizzes, error } = useBookQuizzes(book.id);
  const chapterTitle = (id: string | null) =>
    id ? (book.chapters.find((c) => c.id === id)?.title ?? 'A chapter') : 'Whole book';
  return (
    <section
      aria-labelledby="previous-quizzes"
      className="mt-8 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <h3 id="previous-quizzes" className="font-semibold">
        Previous quizzes
      </h3>
      {error ? (
        <p className="mt-2 text-sm text-red-600 dark:text-red-400">Failed to load quizzes</p>
      ) : !quizzes ? (
        <p className="mt-2 text-sm text-slate-500">Loading...</p>
      ) : quizzes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">No quizzes yet. Generate one above.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {[...quizzes]
            .sort((a, b) => b.created_at.localeCompare(a.created_at))
            .map((quiz) => (
              <li key={quiz.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">{quiz.title}</p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {chapterTitle(quiz.chapter_id)} · {quiz.questions.length} questions ·{' '}
                    {capitalise(quiz.difficulty)} · {quiz.attempts}{' '}
                    {quiz.attempts === 1 ? 'attempt' : 'attempts'}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  {quiz.best_score === null ? (
                    <span className="text-sm text-slate-500 dark:text-slate-400">Not taken yet</span>
                  ) : (
                    <Badge tone={quiz.best_score >= QUIZ_PASS_SCORE ? 'green' : 'yellow'}>
                      Best score {Math.round(quiz.best_score)}%
                    </Badge>
                  )}
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={disabled}
                    onClick={() => onTake(quiz)}
                    aria-label={`${quiz.attempts > 0 ? 'Retake' : 'Take'} “${quiz.title}” (${new Date(quiz.created_at).toLocaleString()})`}
                  >
                    {quiz.attempts > 0 ? 'Retake' : 'Take'}
                  </Button>
                </div>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

/** Quizzes on the selected chapter or the whole book: generate, take, see the results, retake. */
export function QuizCard({ book, chapter }: { book: BookWithChapters; chapter: Chapter | undefined }) {
  const [stage, setStage] = useState<QuizStage>({ mode: 'setup' });
  const take = (quiz: QuizView) =>
    setStage({ mode: 'taking', quiz, answers: quiz.questions.map(() => null) });

  return (
    <Card className="p-6" role="region" aria-labelledby="quiz-heading">
      <h2 id="quiz-heading" className="text-lg font-semibold">
        Quiz
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
        Check what you have learned. {QUIZ_PASS_SCORE}% or more is a pass.
      </p>
      {stage.mode === 'setup' && <QuizSetup book={book} chapter={chapter} onCreated={take} />}
      {stage.mode === 'taking' && (
        <QuizTaker
          quiz={stage.quiz}
          answers={stage.answers}
          onAnswer={(qi, oi) =>
            setStage({ ...stage, answers: stage.answers.map((a, i) => (i === qi ? oi : a)) })
          }
          onSubmitted={(result) =>
            setStage({ mode: 'result', quiz: stage.quiz, answers: stage.answers, result })
          }
          onCancel={() => setStage({ mode: 'setup' })}
        />
      )}
      {stage.mode === 'result' && (
        <QuizResultView
          quiz={stage.quiz}
          result={stage.result}
          onRetake={() => take(stage.quiz)}
          onNew={() => setStage({ mode: 'setup' })}
        />
      )}
      <QuizHistory book={book} onTake={take} disabled={stage.mode === 'taking'} />
    </Card>
  );
}
