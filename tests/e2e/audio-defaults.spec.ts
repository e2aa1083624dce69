import { expect, test } from '@playwright/test';
import { signUpAndSignIn, uploadPastedBook } from './helpers';

/**
 * Generate All Audio with the Audio tab's defaults, on a script whose first scene is all narration
 * (no line of dialogue): every scene gets what it can speak, and no toast reports an error — none of
 * the "has no dialogue to speak" refusals a dialogue asked of that scene would give.
 */
const BOOK = [
  '# The Quiet Mill',
  '',
  '## Chapter 1: The Flood',
  '',
  'The rain had fallen on the valley for six days without a pause. The river rose over the meadows, over the lane and at last over the stone sill of the old mill, where the miller kept his sacks of flour on the upper floor. By the evening of the sixth day the water stood knee deep in the yard and the great wheel turned so fast that the whole building shook with every stroke.',
  '',
  'Nobody came along the lane that night. The lamps of the village went out one after another, and only the mill window still glowed above the dark water.',
  '',
  '* * *',
  '',
  'At dawn Martha Reed waded to the mill door with a lantern and knocked until the miller opened it.',
  '',
  '“You cannot stay here, Tom,” Martha said. “The bank above the weir is going.”',
  '',
  '“I have stayed through worse,” Tom Hale answered, and he did not move from the doorway.',
  '',
  '* * *',
  '',
  'By noon the bank gave way. Martha and Tom stood on the hill and watched the water take the wheel.',
  '',
  '“It was my father’s wheel,” Tom said quietly.',
  '',
  '“Then we will build it again,” Martha told him.',
  '',
].join('\n');

test('Generate All Audio with the defaults gives no error on a script whose first scene has no dialogue', async ({
  page,
}) => {
  test.setTimeout(420_000);
  // Every toast that appears, kept: react-hot-toast removes them after a few seconds.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { toasts: string[] }).toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await signUpAndSignIn(page, { role: 'author' });
  await uploadPastedBook(page, { title: 'The Quiet Mill', text: BOOK, mode: 'Entertainment', chapters: 1 });
  await page.getByRole('button', { name: 'Generate Plot' }).click();
  await expect(page.getByText('Plot overview generated successfully!')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: /^Script/ }).click();
  const scriptPanel = page.getByRole('tabpanel', { name: /^Script/ });
  await scriptPanel.getByLabel('Scene count').fill('3');
  await scriptPanel.getByRole('button', { name: 'Generate Script' }).click();
  await expect(page.getByText('Script generated successfully!')).toBeVisible({ timeout: 60_000 });

  await page.getByRole('tab', { name: /^Audio/ }).click();
  const audio = page.getByRole('tabpanel', { name: /^Audio/ });
  await audio.getByRole('button', { name: 'Generate All Audio' }).click();
  const files = audio.getByRole('list', { name: 'Audio files' });
  await expect(files.getByText('completed').first()).toBeVisible({ timeout: 180_000 });
  // Wait until every file asked for is made (none still queued or generating).
  await expect
    .poll(async () => (await files.getByText(/^(?:queued|generating|processing)$/).count()) === 0, {
      timeout: 240_000,
    })
    .toBe(true);
  const toasts = await page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);
  expect(toasts.filter((t) => /no dialogue|failed|error|timed out/i.test(t))).toEqual([]);
  // Scene 1 was narrated, and nobody speaks in it: no line of dialogue was made for it.
  await expect(files.getByText(/Scene 1 · Narrator/).first()).toBeVisible();
  await expect(files.getByText(/Scene 1 · (?:Martha|Tom)/)).toHaveCount(0);
  // The later scenes' lines were spoken.
  await expect(files.getByText(/Scene [23] · (?:Martha|Tom)/).first()).toBeVisible();
});
