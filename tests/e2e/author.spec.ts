import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, HARBOUR_BOOK, signUpAndSignIn, uploadPastedBook } from './helpers';

/**
 * The Author panel with real data: its four tabs (moved between with the keyboard), My Books with a
 * book's status, chapters, learners, quiz average and generated media, and Analytics with the charts
 * of what readers did — empty states first, then after reading, listening and a quiz; light and dark.
 */
test.use({ bypassCSP: true });

/** Calls the API as the signed-in user of the page. */
async function asUser(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const answer = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(answer.ok(), `${method} ${path}: ${answer.status()}`).toBe(true);
  return answer.json();
}

test('the Author panel shows My Books and Analytics from what readers did', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndSignIn(page, { role: 'author' });

  // Empty states before any book.
  await page.goto('/author');
  const tabs = page.getByRole('tablist', { name: 'Author panel' }).getByRole('tab');
  await expect(tabs).toHaveText(['Overview', 'My Books', 'Analytics', 'Settings']);
  await page.getByRole('tab', { name: 'My Books' }).click();
  await expect(page.getByText('No books yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByText('No analytics yet')).toBeVisible();

  // A learning book, read, listened to and quizzed.
  const bookId = await uploadPastedBook(page, {
    title: 'The Harbour Light',
    text: HARBOUR_BOOK,
    mode: 'Learning',
    chapters: 2,
  });
  const chapters = (await asUser(page, 'GET', `/books/${bookId}/chapters`)) as { id: string }[];
  await asUser(page, 'POST', `/books/${bookId}/progress`, {
    chapter_id: chapters[0]!.id,
    event: 'narration_finished',
    seconds: 90,
  });
  await asUser(page, 'POST', `/books/${bookId}/progress`, {
    chapter_id: chapters[1]!.id,
    event: 'chapter_read',
    seconds: 60,
  });
  // A quiz is written by a job: its status route answers the quiz once ready.
  const started = (await asUser(page, 'POST', '/ai/generate-quiz', {
    book_id: bookId,
    chapter_id: chapters[0]!.id,
    num_questions: 3,
  })) as { status_url: string };
  let written = { status: 'processing', quiz: null as { id: string } | null };
  await expect
    .poll(async () => {
      written = (await asUser(page, 'GET', started.status_url)) as typeof written;
      return written.status;
    })
    .toBe('ready');
  const quiz = written.quiz!;
  const blank = (await asUser(page, 'POST', `/quizzes/${quiz.id}/submit`, { answers: [] })) as {
    results: { correct_answer: number }[];
  };
  await asUser(page, 'POST', `/quizzes/${quiz.id}/submit`, {
    answers: blank.results.map((r) => r.correct_answer),
  });

  // The tabs answer the arrow keys.
  await page.goto('/author');
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  const myBooks = page.getByRole('tab', { name: 'My Books' });
  await expect(myBooks).toHaveAttribute('aria-selected', 'true');
  await expect(myBooks).toBeFocused();

  const row = page.getByRole('list', { name: 'My books' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('The Harbour Light');
  await expect(row).toContainText('ready');
  await expect(row.getByText('Chapters', { exact: true }).locator('..')).toContainText('2');
  await expect(row.getByText('Learners', { exact: true }).locator('..')).toContainText('1');
  await expect(row.getByText('Quiz average', { exact: true }).locator('..')).toContainText('50%');
  await expect(row).toContainText('Generated media: Nothing generated yet');
  await expect(row.getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/book/${bookId}`);

  // Its analytics: the book chosen, the period's totals, three charts drawn by the library.
  await row.getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('tab', { name: 'Analytics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Book', { exact: true })).toHaveValue(bookId);
  const total = (label: string) => page.locator(`[data-total="${label}"]`);
  await expect(total('Chapters completed')).toHaveText('2');
  await expect(total('Quiz average')).toHaveText('50%');
  await expect(total('Narration plays')).toHaveText('1');
  await expect(total('Video plays')).toHaveText('0');
  for (const chart of ['Readers and plays', 'Generations and video made', 'Quiz scores'])
    await expect(page.locator(`[data-chart="${chart}"] svg.recharts-surface`).first()).toBeVisible();
  await page.getByLabel('Period', { exact: true }).selectOption('7');
  await expect(page.locator('[data-chart="Readers and plays"] .recharts-line').first()).toBeAttached();
  await expectAccessible(page, 'author analytics (light)');

  // Dark mode: the same tab, readable.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page, 'author analytics (dark)');
});
