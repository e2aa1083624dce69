import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { NOVEL_TITLE, novelText } from '../fixtures/novel';
import { signUpAndSignIn, uploadPastedBook } from './helpers';

/**
 * The entertainment production workspace, end to end: an entertainment book of the three-chapter
 * novel opens on the workspace, its plot is generated, a character is created and drawn, a script of
 * the first chapter is generated, opened, approved and exported as Fountain, scene 1 is drawn, its
 * narration and music are made, mixed and played past one second, and the tab, chapter and script
 * survive a reload.
 */
test('a creator plans a plot, casts and draws a character, writes and exports a script, draws a scene and plays the mix', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndSignIn(page, { role: 'author' });
  const bookId = await uploadPastedBook(page, {
    title: NOVEL_TITLE,
    text: novelText(),
    mode: 'Entertainment',
    chapters: 3,
  });

  // The shell: header, five tabs with status dots, the chapter list with the first chapter selected.
  await expect(page.getByRole('heading', { level: 1, name: NOVEL_TITLE })).toBeVisible();
  await expect(page.getByText('Entertainment Production')).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Production stages' }).getByRole('tab');
  await expect(tabs).toHaveText([/^Plot/, /^Script/, /^Images/, /^Audio/, /^Video/]);
  const plotTab = page.getByRole('tab', { name: /^Plot/ });
  await expect(plotTab).toHaveAttribute('aria-selected', 'true');
  await expect(plotTab).toContainText('(not started)');
  const sidebar = page.getByRole('complementary', { name: 'Chapters' });
  await expect(sidebar.getByRole('heading', { name: 'Chapters (3)' })).toBeVisible();
  const firstChapter = sidebar.getByRole('button', { name: /The Storm Lamp/ });
  await expect(firstChapter).toHaveAttribute('aria-current', 'true');
  await expect(firstChapter).toContainText('Chapter 1');
  await expect(firstChapter).toContainText('0/5 stages');
  // The chapter row shows the five stage dots too, not only the tabs.
  const dots = firstChapter.getByTestId('chapter-stage-dots');
  await expect(dots.locator('[data-stage]')).toHaveCount(5);
  await expect(dots.locator('[data-stage="plot"] [data-status]')).toHaveAttribute('data-status', 'idle');

  // Plot: generated as a job, with its toast; the overview names the cast.
  await page.getByRole('button', { name: 'Generate Plot' }).click();
  await expect(page.getByText('Plot overview generated successfully!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Logline' })).toBeVisible();
  await expect(plotTab).toContainText('(completed)');
  const grid = page.getByRole('list', { name: 'Characters' });
  await expect(grid.getByRole('listitem', { name: 'Nell' })).toBeVisible();
  await expect(firstChapter).toContainText('1/5 stages');
  await expect(dots.locator('[data-stage="plot"] [data-status]')).toHaveAttribute('data-status', 'completed');
  await expect(page.getByRole('button', { name: 'Regenerate Plot' })).toBeVisible();

  // Bulk delete with nothing selected says so.
  await page.getByRole('button', { name: /^Delete Selected/ }).click();
  await expect(page.getByText('Bulk delete needs at least one selected character')).toBeVisible();

  // Create a character: the name is required, archetypes are trimmed and not repeated.
  await page.getByRole('button', { name: 'Create Character' }).click();
  const create = page.getByRole('dialog', { name: 'Create Character' });
  const createButton = create.getByRole('button', { name: 'Create Character' });
  await expect(createButton).toBeDisabled();
  await create.getByLabel('Name').fill('Mara Vell');
  await create.getByLabel('Role').selectOption('sidekick');
  await create
    .getByLabel('Physical description')
    .fill('A tall net mender with a green scarf and silver rings.');
  await create.getByLabel('New archetype').fill('  Trickster  ');
  await create.getByRole('button', { name: 'Add archetype' }).click();
  await create.getByLabel('New archetype').fill('trickster');
  await create.getByRole('button', { name: 'Add archetype' }).click();
  await expect(create.getByRole('button', { name: /^Remove archetype/ })).toHaveCount(1);
  await create.getByLabel('Want').fill('To see the light kept');
  await createButton.click();
  await expect(page.getByText('Character "Mara Vell" created successfully')).toBeVisible();
  const mara = grid.getByRole('listitem', { name: 'Mara Vell' });
  await expect(mara).toContainText('Sidekick');
  await expect(mara).toContainText('Trickster');

  // Search is case-insensitive over name, role, description and personality.
  await page.getByLabel('Search characters').fill('SILVER rings');
  await expect(grid.locator(':scope > li')).toHaveCount(1);
  await expect(mara).toBeVisible();
  await page.getByLabel('Search characters').fill('');

  // Her portrait is queued, polled and shown.
  await mara.getByRole('button', { name: 'Generate Image' }).click();
  await expect(page.getByText(/Image generation queued: about \d+ seconds?/)).toBeVisible();
  await expect(page.getByText('Character image generated successfully')).toBeVisible({ timeout: 120_000 });
  const portrait = mara.getByRole('img', { name: 'Portrait of Mara Vell' });
  await expect(portrait).toBeVisible();
  await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await mara.getByRole('button', { name: 'View image of Mara Vell' }).click();
  const viewer = page.getByRole('dialog', { name: 'Mara Vell' });
  await expect(viewer.getByRole('img', { name: 'Portrait of Mara Vell' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();

  // Changing the description of a character with an image offers to redraw it.
  await mara.getByRole('button', { name: 'Edit Mara Vell' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Mara Vell' });
  await edit.getByLabel('Physical description').fill('A tall net mender with a red scarf and silver rings.');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Character updated successfully')).toBeVisible();
  const redraw = page.getByRole('dialog', { name: 'Regenerate image?' });
  await expect(redraw).toContainText(
    'Character description changed. Would you like to regenerate the character image?',
  );
  await redraw.getByRole('button', { name: 'Cancel' }).click();
  await expect(mara).toContainText('red scarf');

  // Generate All Images lists only the characters without one.
  await page.getByRole('button', { name: 'Generate All Images' }).click();
  const generateAll = page.getByRole('dialog', { name: 'Generate All Images' });
  await expect(generateAll.getByRole('listitem').filter({ hasText: 'Nell' })).toBeVisible();
  await expect(generateAll.getByRole('listitem').filter({ hasText: 'Mara Vell' })).toHaveCount(0);
  await generateAll.getByRole('button', { name: 'Cancel' }).click();

  // Delete one, then select all the others that match a search and delete them together.
  await grid.getByRole('listitem', { name: 'Tobias' }).getByRole('button', { name: 'Delete Tobias' }).click();
  await page
    .getByRole('dialog', { name: 'Delete character' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Character deleted successfully')).toBeVisible();
  await expect(grid.getByRole('listitem', { name: 'Tobias' })).toHaveCount(0);
  await page.getByLabel('Search characters').fill('mara');
  await page.getByLabel('Select all').check();
  await page.getByLabel('Search characters').fill('');
  await page.getByRole('button', { name: 'Delete Selected (1)' }).click();
  const bulk = page.getByRole('dialog', { name: 'Delete selected characters' });
  await expect(bulk).toContainText('Delete 1 selected character?');
  await bulk.getByRole('button', { name: 'Delete all selected' }).click();
  await expect(page.getByText('1 character deleted successfully')).toBeVisible();
  await expect(mara).toHaveCount(0);
  await expect(grid.getByRole('listitem', { name: 'Nell' })).toBeVisible();

  // Generate All Images tells its progress and its end in one toast, never one per portrait, and the
  // cards give the measured estimate while they draw.
  await page.evaluate(() => {
    const seen = { texts: [] as string[], most: 0, cards: [] as string[] };
    (window as unknown as { toastsSeen: typeof seen }).toastsSeen = seen;
    // Toasts of the steps before (a deletion, an update) may still be leaving: only new ones count.
    const earlier = new Set(document.querySelectorAll('[role="status"][aria-live]'));
    new MutationObserver(() => {
      const toasts = [...document.querySelectorAll('[role="status"][aria-live]')].filter(
        (toast) => !earlier.has(toast),
      );
      seen.most = Math.max(seen.most, toasts.length);
      for (const toast of toasts)
        if (!seen.texts.includes(toast.textContent ?? '')) seen.texts.push(toast.textContent ?? '');
      const cards = document.querySelector('ul[aria-label="Characters"]');
      const shown = /Generating image… about \d+ seconds?/.exec(cards?.textContent ?? '');
      if (shown && !seen.cards.includes(shown[0])) seen.cards.push(shown[0]);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Generate All Images' }).click();
  const drawAll = page.getByRole('dialog', { name: 'Generate All Images' });
  const count = await drawAll.getByRole('listitem').count();
  expect(count).toBeGreaterThan(2);
  await drawAll.getByRole('button', { name: 'Generate images' }).click();
  const progress = page.getByText(
    new RegExp(
      `^Generating ${count} character images: \\d+ of ${count} done \\(about \\d+ seconds? each\\)$`,
    ),
  );
  await expect(progress).toBeVisible();
  await expect(page.getByText(`${count} character images generated successfully`)).toBeVisible({
    timeout: 180_000,
  });
  const seen = await page.evaluate(
    () =>
      (window as unknown as { toastsSeen: { texts: string[]; most: number; cards: string[] } }).toastsSeen,
  );
  // The cards showed the measured estimate while drawing (each the one it was queued with).
  expect(seen.cards.length).toBeGreaterThan(0);
  expect(seen.texts.filter((text) => /Character image generated|queued/.test(text))).toEqual([]);
  expect(seen.most).toBeLessThanOrEqual(2);
  await expect(grid.getByRole('img', { name: /^Portrait of / })).toHaveCount(count);

  // The tabs answer the arrow keys, and the URL follows.
  await plotTab.focus();
  await page.keyboard.press('ArrowRight');
  const scriptTab = page.getByRole('tab', { name: /^Script/ });
  await expect(scriptTab).toHaveAttribute('aria-selected', 'true');
  await expect(scriptTab).toBeFocused();
  await expect(page).toHaveURL(/tab=script/);

  // A script of the first chapter, with the form's defaults.
  const form = page.getByRole('tabpanel', { name: /^Script/ });
  await expect(form.getByLabel('Script style')).toHaveValue('cinematic_movie');
  await expect(form.getByLabel('Scene count')).toHaveValue('5');
  await expect(form.getByLabel('Story type')).toHaveValue('hero_journey');
  await expect(form.getByLabel('Include character profiles')).toBeChecked();
  await form.getByLabel('Dialogue').check();
  await form.getByRole('button', { name: 'Generate Script' }).click();
  await expect(page.getByText('Script generated successfully!')).toBeVisible({ timeout: 60_000 });
  const cards = form.getByRole('list', { name: 'Scripts of this chapter' }).getByRole('button');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first()).toContainText('Ready');
  await expect(scriptTab).toContainText('(completed)');
  // The sidebar's stage count is read at the moment the tab turns completed: it is never behind it.
  expect(await firstChapter.textContent()).toContain('2/5 stages');

  // Its detail: overview, scenes in order, dialogue.
  const details = form.getByRole('tablist', { name: 'Script details' });
  await details.getByRole('tab', { name: 'Scenes' }).click();
  await expect(form.getByRole('button', { name: /^Scene \d+:/ })).toHaveCount(5);
  await expect(form.getByRole('button', { name: /^Scene 1:/ })).toBeVisible();
  // Redo one scene: the script keeps its five scenes.
  await form.getByRole('button', { name: 'Redo scene 2' }).click();
  await expect(page.getByText('Script updated successfully!')).toBeVisible();
  await expect(form.getByRole('button', { name: /^Scene \d+:/ })).toHaveCount(5);
  await expect(page.getByText('Script updated successfully!')).toHaveCount(0);
  await details.getByRole('tab', { name: 'Dialogue' }).click();
  await expect(form.getByRole('region', { name: /Scene \d+ dialogue/ }).first()).toBeVisible();

  // Approve it.
  await form.getByLabel('Status').selectOption('approved');
  await expect(page.getByText('Script updated successfully!')).toBeVisible();
  await expect(cards.first()).toContainText('Approved');

  // Export as Fountain.
  const downloading = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Export Fountain' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.fountain$/);
  const fountain = await readFile((await download.path())!, 'utf8');
  expect(fountain).toMatch(/^(INT|EXT)\. /m);

  // Rename it; the chapter header names the selected script.
  await form.getByRole('button', { name: 'Rename' }).click();
  await form.getByLabel('Script name').fill('The storm, first cut');
  await form.getByRole('button', { name: 'Save name' }).click();
  await expect(cards.first()).toContainText('The storm, first cut');
  await expect(page.getByText('The Storm Lamp · The storm, first cut')).toBeVisible();

  // A reload keeps the tab and the chapter.
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/book/${bookId}\\?.*tab=script`));
  await expect(page).toHaveURL(/script=[0-9a-f-]{36}/);
  await expect(page.getByRole('tab', { name: /^Script/ })).toHaveAttribute('aria-selected', 'true');
  await expect(cards.first()).toContainText('Approved');

  // A scene image of the selected script, drawn by a job, previewed with its download.
  await page.getByRole('tab', { name: /^Images/ }).click();
  const images = page.getByRole('tabpanel', { name: /^Images/ });
  await expect(images).toContainText('For The storm, first cut');
  const sceneOne = images
    .getByRole('list', { name: 'Scene images' })
    .getByRole('listitem', { name: /^Scene 1:/ });
  await sceneOne.getByRole('button', { name: 'Generate' }).click();
  const sceneImage = sceneOne.getByRole('img', { name: /^Scene 1:/ });
  await expect(sceneImage).toBeVisible({ timeout: 120_000 });
  await expect
    .poll(() => sceneImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByRole('tab', { name: /^Images/ })).toContainText('(completed)');
  expect(await firstChapter.textContent()).toContain('3/5 stages');
  await sceneImage.click();
  const previewDialog = page.getByRole('dialog', { name: /^Scene 1:/ });
  await expect(previewDialog.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /.+/);
  await previewDialog.getByRole('button', { name: 'Close' }).click();
  await images.getByRole('button', { name: 'Settings' }).click();
  await expect(images.getByLabel('Image style')).toHaveValue('cinematic');
  await expect(images.getByLabel('Quality')).toHaveValue('hd');
  await expect(images.getByLabel('Aspect ratio')).toHaveValue('16:9');
  await expect(images.getByLabel('Lighting mood')).toHaveValue('natural');
  await images.getByRole('button', { name: 'List' }).click();
  await expect(images.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

  // Audio of scene 1 (the narrator and the music), placed on the timeline, mixed and played.
  await page.getByRole('tab', { name: /^Audio/ }).click();
  const audio = page.getByRole('tabpanel', { name: /^Audio/ });
  await expect(audio.getByLabel('Volume')).toHaveValue('75');
  await audio.getByRole('button', { name: 'Generate narrator for scene 1' }).click();
  const files = audio.getByRole('list', { name: 'Audio files' });
  await expect(files.getByText('completed').first()).toBeVisible({ timeout: 120_000 });
  await audio.getByRole('tablist', { name: 'Audio sections' }).getByRole('tab', { name: 'Music' }).click();
  await audio.getByRole('button', { name: 'Generate music for scene 1' }).click();
  await expect(files.getByText('completed').first()).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole('tab', { name: /^Audio/ })).toContainText('(completed)');
  expect(await firstChapter.textContent()).toContain('4/5 stages');
  await audio.getByRole('tablist', { name: 'Audio sections' }).getByRole('tab', { name: 'Timeline' }).click();
  await expect(audio.getByText('100%')).toBeVisible();
  await audio.getByRole('button', { name: 'Zoom in' }).click();
  await expect(audio.getByText('125%')).toBeVisible();
  await expect(audio.getByTestId('timeline-ruler').getByText('10s', { exact: true })).toBeVisible();
  await audio.getByRole('button', { name: 'Export Mix' }).click();
  const exportDialog = page.getByRole('dialog', { name: "Export the chapter's audio" });
  await expect(exportDialog).toContainText('Mix the 2 completed audio files');
  await exportDialog.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByText('Audio mix exported')).toBeVisible({ timeout: 120_000 });
  const mix = audio.locator('audio[aria-label="Exported mix"]');
  await mix.evaluate(async (el: HTMLAudioElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => mix.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  expect(await mix.evaluate((el: HTMLAudioElement) => el.volume)).toBeCloseTo(0.75);
  await page.getByRole('tab', { name: /^Script/ }).click();

  // Another chapter has no scripts; deleting asks first.
  await sidebar.getByRole('button', { name: /The Captain’s Offer/ }).click();
  await expect(page).toHaveURL(/chapter=/);
  await expect(form.getByText('No scripts yet')).toBeVisible();
  await firstChapter.click();
  await form.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete script' });
  await expect(confirm).toContainText('Are you sure you want to delete this script?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Script deleted successfully!')).toBeVisible();
  await expect(form.getByText('No scripts yet')).toBeVisible();

  // Without a script the studio asks for one.
  await page.getByRole('tab', { name: /^Video/ }).click();
  await expect(page.getByText('Select a script to manage video production.')).toBeVisible();
});

test('on a phone the chapter list sits above the panels and still switches chapters', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndSignIn(page, { role: 'author' });
  await uploadPastedBook(page, { title: NOVEL_TITLE, text: novelText(), mode: 'Entertainment', chapters: 3 });
  const sidebar = page.getByRole('complementary', { name: 'Chapters' });
  const tabs = page.getByRole('tablist', { name: 'Production stages' });
  const sidebarBox = (await sidebar.boundingBox())!;
  const tabsBox = (await tabs.boundingBox())!;
  expect(sidebarBox.y).toBeLessThan(tabsBox.y);
  expect(sidebarBox.width).toBeGreaterThan(300);
  await sidebar.getByRole('button', { name: 'Collapse chapter list' }).click();
  await sidebar.getByRole('button', { name: /^Chapter 3:/ }).click();
  await expect(page).toHaveURL(/chapter=/);
  await expect(sidebar.getByRole('button', { name: /^Chapter 3:/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('Chapter 3: The Harbour Board')).toBeVisible();
});
