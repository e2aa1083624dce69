import { expect, test, type Locator } from '@playwright/test';
import type { LearningContentItem, LearningJob } from '@contracts/learning';
import { signUpAndSignIn, uploadPastedBook } from './helpers';

/** Three chapters of about 300 words each, built from topic sentences so each chapter reads differently. */
const TOPICS: [string, string[]][] = [
  [
    'Chapter 1: How Plants Make Food',
    [
      'Plants make their own food through a process called photosynthesis.',
      'Inside the leaves, tiny structures named chloroplasts capture energy from sunlight.',
      'The green pigment chlorophyll absorbs red and blue light and reflects green light, which is why leaves look green.',
      'Water travels up from the roots through narrow tubes called xylem.',
      'Carbon dioxide enters the leaf through small pores called stomata.',
      'Using the energy of light, the plant joins water and carbon dioxide to build glucose, a simple sugar.',
      'Oxygen is released as a by-product and leaves through the same stomata.',
    ],
  ],
  [
    'Chapter 2: Light and Dark Reactions',
    [
      'Photosynthesis happens in two connected stages.',
      'The light-dependent reactions take place in the thylakoid membranes of the chloroplast.',
      'There, sunlight splits water molecules and stores energy in carriers known as ATP and NADPH.',
      'The second stage is the Calvin cycle, which runs in the stroma around the thylakoids.',
      'The Calvin cycle uses ATP and NADPH to fix carbon dioxide into sugar.',
      'The enzyme rubisco performs the first step of carbon fixation and is the most common protein on Earth.',
      'When light fades, the Calvin cycle slows because the energy carriers run out.',
    ],
  ],
  [
    'Chapter 3: Why Photosynthesis Matters',
    [
      'Almost every food chain on the planet begins with photosynthesis.',
      'Herbivores eat plants, and carnivores eat herbivores, so the energy of sunlight moves through the whole ecosystem.',
      'Photosynthesis also keeps the air breathable by producing oxygen.',
      'Forests and ocean algae remove large amounts of carbon dioxide from the atmosphere.',
      'Farmers increase harvests by giving crops enough light, water and nutrients.',
      'Scientists study artificial photosynthesis to make clean fuels from sunlight.',
      'Understanding this process helps us protect forests, oceans and the climate.',
    ],
  ],
];

/** Repeats a chapter's sentences in varied paragraphs until it is about 300 words long. */
function chapterText(sentences: string[]): string {
  const paragraphs: string[] = [];
  let words = 0;
  for (let round = 0; words < 300; round++) {
    const rotated = [
      ...sentences.slice(round % sentences.length),
      ...sentences.slice(0, round % sentences.length),
    ];
    const paragraph = rotated.slice(0, 4).join(' ');
    paragraphs.push(paragraph);
    words += paragraph.split(/\s+/).length;
  }
  return paragraphs.join('\n\n');
}

const BOOK = [
  'Photosynthesis for Beginners',
  '',
  ...TOPICS.flatMap(([title, sentences]) => [title, '', chapterText(sentences), '']),
].join('\n');

/** Reads a property of the page's media element. */
const media = (locator: Locator, expression: (el: HTMLMediaElement) => unknown) =>
  locator.evaluate(expression);

test('learning view: narration plays and seeks, progress counts, a quiz is scored and reaches the profile', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUpAndSignIn(page, { role: 'author' });
  const bookId = await uploadPastedBook(page, {
    title: 'Photosynthesis for Beginners',
    text: BOOK,
    mode: 'Learning',
    chapters: 3,
  });

  await expect(page.getByRole('heading', { name: 'Photosynthesis for Beginners', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Chapters (3)' })).toBeVisible();
  const chapterOne = page.getByRole('button', { name: /^1\. Chapter 1: How Plants Make Food/ });
  await expect(chapterOne).toHaveAttribute('aria-current', 'true');
  await expect(chapterOne).not.toContainText('Has audio narration');

  // Narration: the job runs with a progress bar, then the player appears and the chapter is marked.
  const generate = page.getByRole('region', { name: 'Generate Learning Content' });
  await expect(generate.getByLabel('Narrator voice')).toBeEnabled();
  await expect(generate.getByLabel('Presenter')).toBeVisible();
  await expect(generate.getByLabel('Tutorial style')).toHaveValue('udemy');
  await generate.getByRole('button', { name: 'Audio Narration' }).click();
  await expect(generate.getByRole('button', { name: 'Audio Narration' })).toBeDisabled();
  const audio = page.locator('audio[aria-label="Audio narration"]');
  await expect(audio).toBeAttached({ timeout: 150_000 });
  await expect(page.getByText('Audio narration generated successfully!')).toBeVisible();
  await expect(chapterOne).toContainText('Has audio narration');
  await expect(generate.getByRole('button', { name: 'Audio Narration' })).toBeEnabled();

  // It plays past one second, and the server answers ranges so it can be sought.
  await media(audio, async (el) => {
    el.muted = true;
    await el.play();
  });
  await expect.poll(() => media(audio, (el) => el.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  const duration = (await media(audio, (el) => el.duration)) as number;
  expect(duration).toBeGreaterThan(5);
  expect(await media(audio, (el) => (el.seekable.length ? el.seekable.end(0) : 0))).toBeGreaterThan(
    duration - 1,
  );

  // The narration's chapters are listed under the player, named after the chapter's heading; choosing
  // one seeks the audio to its start.
  const chapters = page.getByRole('navigation', { name: 'Narration chapters' });
  const firstMark = chapters.getByRole('button', { name: /^Chapter 1: How Plants Make Food, at 0:00$/ });
  await expect(firstMark).toHaveAttribute('aria-current', 'true');
  await firstMark.click();
  await expect.poll(() => media(audio, (el) => el.currentTime), { timeout: 10_000 }).toBeLessThan(1);

  // Finishing the narration records the chapter as completed.
  const progressPosted = page.waitForResponse(
    (r) => r.url().endsWith(`/books/${bookId}/progress`) && r.request().method() === 'POST',
  );
  await media(audio, (el) => {
    el.currentTime = Math.max(0, el.duration - 0.5);
  });
  const posted = await progressPosted;
  expect(posted.status()).toBe(200);
  expect(((await posted.json()) as { progress: number }).progress).toBe(33);

  // The second chapter is marked as read by hand.
  await page.getByRole('button', { name: /Chapter 2: Light and Dark Reactions/ }).click();
  await expect(page).toHaveURL(/\?chapter=/);
  await expect(
    page.getByRole('heading', { name: 'Chapter 2: Light and Dark Reactions', level: 2 }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('Chapter marked as read · book 67% complete')).toBeVisible();

  // A quiz on the second chapter: answer every question, submit, see the score and the answers.
  const quiz = page.getByRole('region', { name: 'Quiz' });
  await expect(quiz.getByText('No quizzes yet. Generate one above.')).toBeVisible();
  await quiz.getByLabel('Number of questions').fill('4');
  await quiz.getByLabel('Difficulty').selectOption('easy');
  await quiz.getByRole('button', { name: 'Generate Quiz' }).click();
  const questions = quiz.getByRole('group');
  await expect(questions).toHaveCount(4);
  // A lesson of plain statements gets true/false questions among the others: two radios, True and False.
  const trueFalse = questions.filter({ has: page.getByRole('radio', { name: 'A. True', exact: true }) });
  await expect(trueFalse.first()).toBeVisible();
  await expect(trueFalse.first().getByRole('radio')).toHaveCount(2);
  await expect(trueFalse.first().getByRole('radio').nth(1)).toHaveAccessibleName('B. False');
  await expect(questions.filter({ hasNotText: 'True or false?' }).first()).toBeVisible();
  for (let i = 0; i < 4; i++) {
    // Keyboard use: focus the first option and move with the arrow key.
    await questions.nth(i).getByRole('radio').first().check();
    await questions.nth(i).getByRole('radio').first().press('ArrowDown');
    await expect(questions.nth(i).getByRole('radio').nth(1)).toBeChecked();
  }
  await expect(quiz.getByText('Answered 4 of 4')).toBeVisible();
  await quiz.getByRole('button', { name: 'Submit' }).click();
  const scoreHeading = quiz.getByRole('heading', { name: /^Score: \d+%$/ });
  await expect(scoreHeading).toBeVisible();
  const score = Number((await scoreHeading.textContent())!.match(/(\d+)%/)![1]);
  await expect(quiz.getByText(/of 4 correct/)).toBeVisible();
  await expect(quiz.getByText(/Correct answer$/)).toHaveCount(4);
  await expect(quiz.getByText('Explanation:')).toHaveCount(4);
  await expect(quiz.getByText(`Best score ${score}%`)).toBeVisible();
  await expect(quiz.getByText(/1 attempt$/)).toBeVisible();

  // Retake shows the same quiz with the answers cleared.
  await quiz.getByRole('button', { name: 'Retake', exact: true }).click();
  await expect(questions).toHaveCount(4);
  await expect(quiz.getByText('Answered 0 of 4')).toBeVisible();

  // The profile counts the quiz and its score; the learning library shows the book in progress.
  await page.goto('/profile');
  await expect(page.locator('[data-stat="quizzes_taken"]')).toHaveText('1');
  await expect(page.locator('[data-stat="average_quiz_score"]')).toHaveText(`${score}%`);
  await page.goto('/learn');
  const continuing = page.getByRole('region', { name: 'Continue Learning' });
  await expect(continuing.getByText('67% complete')).toBeVisible();
  await continuing.getByRole('link', { name: /Photosynthesis for Beginners/ }).click();
  await expect(
    page.getByRole('heading', { name: 'Chapter 2: Light and Dark Reactions', level: 2 }),
  ).toBeVisible();
  // Chapters completed on an earlier visit say so instead of offering "Mark as read" again.
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await page.getByRole('button', { name: /Chapter 3: Why Photosynthesis Matters/ }).click();
  await expect(page.getByRole('button', { name: 'Mark as read' })).toBeVisible();
});

test('a long video generation is polled 10 s × 10, then every 30 s up to 60 checks, then marked still processing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page, { role: 'author' });
  const bookId = await uploadPastedBook(page, {
    title: 'Photosynthesis Slow Video',
    text: BOOK,
    mode: 'Learning',
    chapters: 3,
  });

  // A video job that was already running when the page opens, and never finishes.
  const jobId = '00000000-0000-4000-8000-00000000abcd';
  let checks = 0;
  await page.route('**/api/v1/ai/learning-content/*', (route) =>
    route.fulfill({
      json: [
        {
          id: jobId,
          content_type: 'realistic_video',
          status: 'processing',
          content_url: null,
          duration: null,
          progress: 40,
          step: 'Rendering part 2 of 4',
          chapter_marks: [],
          error_message: null,
          created_at: new Date().toISOString(),
        },
      ] satisfies LearningContentItem[],
    }),
  );
  await page.route(`**/api/v1/ai/check-video-status/${jobId}`, (route) => {
    checks += 1;
    return route.fulfill({
      json: {
        id: jobId,
        chapter_id: 'c',
        book_id: bookId,
        content_type: 'realistic_video',
        status: 'processing',
        progress: 40 + Math.floor(checks / 2),
        step: `Rendering part ${checks}`,
        content_url: null,
        video_url: null,
        audio_url: null,
        thumbnail_url: null,
        hosted_url: `/book/${bookId}?chapter=routed`,
        duration: null,
        chapter_marks: [],
        word_timings: null,
        error_message: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      } satisfies LearningJob,
    });
  });
  await page.clock.install();
  await page.reload();

  // Resumed on load: the job's progress and step, and no second start.
  const generate = page.getByRole('region', { name: 'Generate Learning Content' });
  const bar = generate.getByRole('progressbar', { name: 'Realistic video progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  await expect(generate.getByText('Rendering part 2 of 4')).toBeVisible();
  await expect(generate.getByRole('button', { name: 'Realistic Video' })).toBeDisabled();

  /**
   * Advances the page's clock by `ms`, expects exactly `expected` checks so far, and waits until the
   * page has handled the last answer (only then is the next check scheduled).
   */
  const advance = async (ms: number, expected: number) => {
    await page.clock.runFor(ms);
    await expect.poll(() => checks).toBe(expected);
    if (expected > 0 && expected < 60)
      await expect(generate.getByText(`Rendering part ${expected}`, { exact: true })).toBeVisible();
  };
  await advance(9_000, 0);
  await advance(1_000, 1);
  for (let n = 2; n <= 10; n++) await advance(10_000, n);
  await expect(page.getByText('Video generation is taking longer than expected')).toBeVisible();
  // From now on every 30 s: nothing after 10 s, a check at 30 s.
  await advance(10_000, 10);
  await advance(20_000, 11);
  for (let n = 12; n <= 59; n++) await advance(30_000, n);
  await expect(bar).toHaveAttribute('aria-valuenow', '69');

  // After the 60th check: no more checks, the error and the yellow still-processing notice with its link.
  await advance(30_000, 60);
  await expect(generate.getByText('Video generation timed out')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Video generation timed out' })).toBeVisible();
  await advance(120_000, 60);
  const notice = generate.getByText(/The video is still processing/);
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link')).toHaveAttribute('href', `/book/${bookId}?chapter=routed`);
  await expect(generate.getByRole('button', { name: 'Realistic Video' })).toBeEnabled();
});
