/**
 * The kind of each quiz question, and how many of each kind a quiz has (for quality reports).
 * Questions stored before kinds existed, or written by a model that left the kind out, get the
 * kind their wording shows.
 */
import { QUIZ_QUESTION_KINDS, TRUE_FALSE_OPTIONS, type QuizQuestionKind } from './types';

interface QuestionLike {
  kind?: QuizQuestionKind | undefined;
  question: string;
  options: readonly string[];
}

/** The question's kind: the one it carries, else the one its wording and options show. */
export function questionKind(q: QuestionLike): QuizQuestionKind {
  if (q.kind && (QUIZ_QUESTION_KINDS as readonly string[]).includes(q.kind)) return q.kind;
  const options = q.options.map((o) => o.trim().toLowerCase());
  if (options.length === 2 && TRUE_FALSE_OPTIONS.every((o) => options.includes(o.toLowerCase())))
    return 'true_false';
  const text = q.question.trim();
  if (/\b(?:happens?|happened|comes?|came) (?:first|last)\b/i.test(text)) return 'order';
  if (/statements? is (?:NOT )?true/i.test(text)) return 'statement';
  if (/^(?:Who|Whom|Whose)\b/i.test(text)) return 'who';
  if (/^(?:Where|Which place)\b/i.test(text)) return 'where';
  if (/^(?:How (?:many|much|long|far|old)|When|In what year|Which (?:number|year|date))\b/i.test(text))
    return 'number';
  if (/\bwhy\b|\breason\b/i.test(text)) return 'why';
  if (/_{3,}|complete the sentence|fill (?:in )?the (?:gap|blank)/i.test(text)) return 'fill_blank';
  return 'what';
}

/** How many questions of each kind a quiz has; kinds it does not use are left out. */
export function countQuestionKinds(quiz: {
  questions: readonly QuestionLike[];
}): Partial<Record<QuizQuestionKind, number>> {
  const counts: Partial<Record<QuizQuestionKind, number>> = {};
  for (const q of quiz.questions) {
    const kind = questionKind(q);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}
