import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createAssociationsThroughApi, createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';

// The narrowest phone the product is designed for.
test.use({ viewport: { width: 375, height: 740 } });

/** How much wider than the window the page is: what a finger could scroll it sideways by. */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Android Chrome's on-screen keyboard, which headless Chromium has none of: it covers `covered` px of the
 * window's bottom without resizing the page, and pans the visual viewport `panned` px down the page to the
 * caret. Only `window.visualViewport` shows it, as on a phone; it is put in before the app starts.
 */
async function installKeyboard(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const real = window.visualViewport;
    if (!real) return;
    const keyboard = { covered: 0, panned: 0 };
    const simulated = new EventTarget();
    Object.defineProperties(simulated, {
      offsetTop: { get: () => real.offsetTop + keyboard.panned },
      offsetLeft: { get: () => real.offsetLeft },
      pageTop: { get: () => real.pageTop + keyboard.panned },
      pageLeft: { get: () => real.pageLeft },
      width: { get: () => real.width },
      height: { get: () => real.height - keyboard.covered },
      scale: { get: () => real.scale },
    });
    for (const type of ['resize', 'scroll']) {
      real.addEventListener(type, () => simulated.dispatchEvent(new Event(type)));
    }
    Object.defineProperty(window, 'visualViewport', { value: simulated, configurable: true });
    Object.assign(window, {
      setKeyboard(covered: number, panned: number) {
        Object.assign(keyboard, { covered, panned });
        simulated.dispatchEvent(new Event('resize'));
        simulated.dispatchEvent(new Event('scroll'));
      },
    });
  });
}

async function setKeyboard(page: Page, keyboard: { covered: number; panned: number }): Promise<void> {
  await page.evaluate(
    ({ covered, panned }) =>
      (window as unknown as { setKeyboard: (covered: number, panned: number) => void }).setKeyboard(
        covered,
        panned,
      ),
    keyboard,
  );
}

/** Whether the element lies, top to bottom, within the part of the page the keyboard leaves on screen. */
async function expectOnScreen(page: Page, element: Locator): Promise<void> {
  const onScreen = await page.evaluate(() => {
    const viewport = window.visualViewport!;
    return { top: viewport.offsetTop, bottom: viewport.offsetTop + viewport.height };
  });
  await expect(async () => {
    const box = (await element.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(onScreen.top - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(onScreen.bottom + 1);
  }).toPass({ timeout: 5_000 });
}

test('on a 375 px phone nothing scrolls sideways, the toolbar stays above the keyboard and a tap beside a mention opens it', async ({
  page,
}) => {
  // Seven pages are visited, each once: on a loaded two-core run that takes longer than one page's test.
  test.setTimeout(120_000);
  await installKeyboard(page);
  await signIn(page, uniqueEmail('phone-keyboard'));
  const story = await createStoryThroughApi(page, { title: 'The Long Caravan Across the Salt Flats' });
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Ur', association_type: 'place' },
  ]);
  const chapterId = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, chapterId, [
    'They left Ur at dawn, the camels roped nose to tail along the old salt road.',
    ...Array.from(
      { length: 30 },
      (_, line) => `Day ${line + 2}: sand, wind and the long silence of the flats.`,
    ),
  ]);
  const workspace = `/stories/${story.story_id}?chapter=${chapterId}`;
  await page.goto(workspace);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  await expect(editor.locator('[data-association-id]')).toHaveText('Ur');
  const saveStatus = page.getByTestId('save-status');
  await expect(saveStatus).toHaveText('Saved');

  const pages: { name: string; open: () => Promise<unknown> }[] = [
    { name: 'the story list', open: () => page.goto('/stories') },
    { name: 'Settings', open: () => page.goto('/settings') },
    { name: 'the Story Bible', open: () => page.goto(`/stories/${story.story_id}/bible`) },
    { name: 'the Timeline', open: () => page.goto(`/stories/${story.story_id}/timeline`) },
    { name: 'the Corkboard', open: () => page.goto(`/stories/${story.story_id}/corkboard`) },
    { name: 'the workspace', open: () => page.goto(workspace) },
    {
      name: 'the workspace with Chapters and layout open',
      open: async () => {
        await page.getByRole('button', { name: 'Chapters and layout' }).tap();
        // The flyout's code loads on its first opening.
        await page.getByRole('navigation', { name: 'Story structure' }).waitFor();
      },
    },
    {
      name: 'the workspace with the association panel open',
      open: async () => {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('navigation', { name: 'Story structure' })).toBeHidden();
        await editor.locator('[data-association-id]').tap();
        await expect(page.getByRole('dialog', { name: 'Place Ur' })).toBeVisible();
      },
    },
  ];
  const overflowing: string[] = [];
  for (const { name, open } of pages) {
    await open();
    await page.waitForLoadState('networkidle');
    const overflow = await sidewaysScroll(page);
    if (overflow > 0) overflowing.push(`${name} by ${overflow} px`);
  }
  expect(overflowing).toEqual([]);

  // A tap a few pixels under the mention, on no letter of it, still opens it: a finger's 44 px reach.
  await page.getByRole('button', { name: 'Close association panel' }).tap();
  const mention = (await editor.locator('[data-association-id]').boundingBox())!;
  await page.touchscreen.tap(mention.x + mention.width / 2, mention.y + mention.height + 6);
  await expect(page.getByRole('dialog', { name: 'Place Ur' })).toBeVisible();
  await page.getByRole('button', { name: 'Close association panel' }).tap();

  // The keyboard comes up over the bottom 360 px for a tap on the lowest line in view, and the browser pans down
  // just far enough to show the caret above it, as Chrome does.
  const toolbar = page.getByRole('toolbar', { name: 'Chapter formatting' });
  const manuscript = (await page.getByRole('region', { name: 'Manuscript' }).boundingBox())!;
  await page.touchscreen.tap(manuscript.x + 60, manuscript.y + manuscript.height - 40);
  const caretBottom = await page.evaluate(
    () => window.getSelection()!.getRangeAt(0).getBoundingClientRect().bottom,
  );
  const covered = 360;
  const panned = Math.ceil(caretBottom) + 8 - (740 - covered);
  expect(panned).toBeGreaterThan((await toolbar.boundingBox())!.y);
  await setKeyboard(page, { covered, panned });
  await expectOnScreen(page, toolbar);
  await expectOnScreen(page, saveStatus);
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeVisible();

  // Typing hides the workspace's header, which moves the toolbar up the page: it stays on screen all the same.
  await page.keyboard.type(' Dusk.');
  await expect(page.getByRole('banner')).toBeHidden();
  await expectOnScreen(page, toolbar);

  await setKeyboard(page, { covered: 0, panned: 0 });
  await expectOnScreen(page, toolbar);
  expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
});
