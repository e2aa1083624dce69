import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HARBOUR_BOOK, signUpAndSignIn, uploadPastedBook } from './helpers';

/**
 * Every page of the app on a phone (390 px wide): nothing scrolls sideways. The workspace is opened
 * on each of its tabs with content in them (a plot, a script, a scene picture, the studio's scenes),
 * the Merge studio with an input, the Author panel on each tab; the studio's transition select stays
 * inside its card on a desktop too.
 */
const PHONE = { width: 390, height: 844 };

/**
 * How far the page is wider than the window (0 or less: no sideways scroll), and what sticks out:
 * the outermost elements past the right edge that no clipping ancestor hides.
 */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const over = document.documentElement.scrollWidth - width;
    if (over <= 0) return { over, culprits: [] as string[] };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > width + 0.5;
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX !== 'visible' || style.position === 'fixed') return true;
      }
      return false;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => sticksOut(el) && !clipped(el) && !(el.parentElement && sticksOut(el.parentElement)))
      .slice(0, 4)
      .map((el) => {
        const box = el.getBoundingClientRect();
        return `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 70)} [${Math.round(box.left)}–${Math.round(box.right)}]`;
      });
    return { over, culprits };
  });
}

const wide: string[] = [];
async function check(page: Page, name: string) {
  // Let late layout (fonts, lazy chunks, images) settle before measuring.
  await page.waitForLoadState('networkidle');
  const { over, culprits } = await overflowOf(page);
  if (over > 0) wide.push(`${name}: ${over}px wider (${culprits.join(' | ')})`);
}

function clip(dir: string) {
  const path = join(dir, 'phone-clip.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path],
  ]);
  return path;
}

test('no page of the app scrolls sideways at 390 px', async ({ page }) => {
  test.setTimeout(420_000);
  await page.setViewportSize(PHONE);
  for (const [path, name] of [
    ['/', 'home'],
    ['/auth', 'sign in'],
    ['/auth?mode=signup', 'sign up'],
    ['/auth/reset', 'password reset'],
    ['/learn', 'learn (signed out)'],
    ['/nowhere', 'page not found'],
  ] as const) {
    await page.goto(path);
    await check(page, name);
  }

  await signUpAndSignIn(page, { role: 'author' });
  const learning = await uploadPastedBook(page, {
    title: 'Lessons of an extraordinarily long-winded lighthouse keeper',
    text: HARBOUR_BOOK,
    mode: 'Learning',
    chapters: 2,
  });
  await check(page, 'learning book');
  const entertainment = await uploadPastedBook(page, {
    title: 'Frankenstein',
    text: HARBOUR_BOOK,
    mode: 'Entertainment',
    chapters: 2,
  });
  await check(page, 'workspace');

  for (const [path, name] of [
    ['/dashboard', 'dashboard'],
    ['/profile', 'profile'],
    ['/profile?edit=1', 'edit profile'],
    ['/learn', 'learn'],
    ['/explore', 'explore'],
    ['/creator', 'creator'],
    ['/upload', 'upload'],
    ['/subscription', 'subscription'],
    ['/book', 'book without an id'],
    [`/book/${learning}`, 'learning view'],
  ] as const) {
    await page.goto(path);
    await check(page, name);
  }

  // The Author panel, every tab.
  await page.goto('/author');
  for (const tab of ['Overview', 'My Books', 'Analytics', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await check(page, `author panel: ${tab}`);
  }

  // The Merge studio with an input in it.
  await page.goto('/merge');
  const dir = mkdtempSync(join(tmpdir(), 'phone-e2e-'));
  await page.getByLabel('Choose files').setInputFiles(clip(dir));
  const row = page.getByRole('list', { name: 'Merge inputs' }).getByRole('listitem');
  await expect(row.getByText('Ready')).toBeVisible({ timeout: 60_000 });
  await check(page, 'merge with an input');

  // The workspace, each tab with something in it.
  await page.goto(`/book/${entertainment}`);
  await page.getByRole('button', { name: 'Generate Plot' }).click();
  await expect(page.getByText('Plot overview generated successfully!')).toBeVisible({ timeout: 60_000 });
  await check(page, 'workspace: plot');
  await page.getByRole('tab', { name: /^Script/ }).click();
  const scriptPanel = page.getByRole('tabpanel', { name: /^Script/ });
  await scriptPanel.getByLabel('Scene count').fill('2');
  await scriptPanel.getByRole('button', { name: 'Generate Script' }).click();
  await expect(page.getByText('Script generated successfully!')).toBeVisible({ timeout: 60_000 });
  await check(page, 'workspace: script');
  await page.getByRole('tab', { name: /^Images/ }).click();
  const scene = page
    .getByRole('tabpanel', { name: /^Images/ })
    .getByRole('list', { name: 'Scene images' })
    .getByRole('listitem', { name: /^Scene 1:/ });
  await scene.getByRole('button', { name: 'Generate' }).click();
  await expect(scene.getByRole('img', { name: /^Scene 1:/ })).toBeVisible({ timeout: 120_000 });
  await check(page, 'workspace: images');
  await page.getByRole('tab', { name: /^Audio/ }).click();
  await check(page, 'workspace: audio');
  await page.getByRole('tab', { name: /^Video/ }).click();
  const video = page.getByRole('tabpanel', { name: /^Video/ });
  await video.getByRole('button', { name: 'Initialize Scenes' }).click();
  await expect(
    video.getByRole('list', { name: 'Timeline scenes' }).getByRole('listitem').first(),
  ).toBeVisible();
  for (const tab of ['Timeline', 'Preview', 'Settings', 'Merge']) {
    await video.getByRole('tab', { name: tab, exact: true }).click();
    await check(page, `workspace: video ${tab.toLowerCase()}`);
  }

  expect(wide, 'pages wider than a 390 px phone').toEqual([]);

  // On a desktop, the transition select of a scene card stays inside the card.
  await page.setViewportSize({ width: 1440, height: 900 });
  await video.getByRole('tab', { name: 'Timeline', exact: true }).click();
  const cards = video.getByRole('list', { name: 'Timeline scenes' }).getByRole('listitem');
  for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
    await page.setViewportSize(viewport);
    const spill = await cards.evaluateAll((items) =>
      items.flatMap((card) => {
        const box = card.getBoundingClientRect();
        return [...card.querySelectorAll('select, input')]
          .map((control) => control.getBoundingClientRect())
          .filter((c) => c.right > box.right + 0.5 || c.left < box.left - 0.5)
          .map((c) => `${card.getAttribute('aria-label')}: ${Math.round(c.right - box.right)}px out`);
      }),
    );
    expect(spill, `controls outside their scene card at ${viewport.width} px`).toEqual([]);
  }
});
