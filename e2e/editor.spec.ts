import { expect, test, type Route } from '@playwright/test';
import {
  openNewChapter,
  paragraphs,
  pastePlainText,
  SAVE_TIMEOUT_MS,
  typeParagraphs,
  waitUntilSaved,
} from './fixtures/chapter-editor';
import { addChapterThroughApi } from './fixtures/stories';
import { storedParagraphs } from './fixtures/story-text';

test('paragraphs typed in the chapter are there, in order, after a reload', async ({ page }) => {
  const { editor, saveStatus } = await openNewChapter(page, 'typing');

  await typeParagraphs(page, editor, [
    'The rain had not stopped for a week.',
    'Mara counted the days.',
    'Then the letter came.',
  ]);
  await waitUntilSaved(saveStatus);
  await page.reload();

  await expect(paragraphs(editor)).toHaveText([
    'The rain had not stopped for a week.',
    'Mara counted the days.',
    'Then the letter came.',
  ]);
  // Autotab (on by default): each new paragraph starts with a tab.
  await expect(paragraphs(editor).nth(1)).toHaveText(/^\tMara/, { useInnerText: false });
});

test('bold, italic, underline, strikethrough and alignment survive a reload, bold across paragraphs included', async ({
  page,
}) => {
  const { editor, saveStatus } = await openNewChapter(page, 'formatting');
  await typeParagraphs(page, editor, [
    'First line here.',
    'Second line here.',
    'Third line here.',
    'Plain line.',
  ]);

  // A selection from inside the first paragraph to inside the third.
  await page.keyboard.press('Control+Home');
  for (let step = 0; step < 6; step += 1) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');

  await paragraphs(editor).nth(3).click();
  await page.keyboard.press('End');
  for (let step = 0; step < 'line.'.length; step += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+Control+ArrowRight');
  await page.getByRole('button', { name: 'Underline' }).click();
  await page.getByRole('button', { name: 'Strikethrough' }).click();
  await page.getByRole('button', { name: 'Align center' }).click();
  await paragraphs(editor).nth(1).click();
  await page.getByRole('button', { name: 'Justify' }).click();
  await waitUntilSaved(saveStatus);
  await page.reload();

  for (const index of [0, 1, 2]) {
    await expect(paragraphs(editor).nth(index).locator('strong')).not.toHaveCount(0);
  }
  await expect(paragraphs(editor).nth(3).locator('strong')).toHaveCount(0);
  await expect(paragraphs(editor).nth(3).locator('em')).toHaveText('line.');
  await expect(
    paragraphs(editor).nth(3).locator('.lw-text-underline-strikethrough').filter({ hasText: 'Plain' }),
  ).toHaveCount(1);
  await expect(paragraphs(editor).nth(3)).toHaveCSS('text-align', 'center');
  await expect(paragraphs(editor).nth(1)).toHaveCSS('text-align', 'justify');
  await expect(paragraphs(editor).nth(0)).not.toHaveCSS('text-align', 'center');
});

test('text typed while offline is kept and saved once the browser is back online', async ({
  page,
  context,
}) => {
  const { editor, saveStatus } = await openNewChapter(page, 'offline');
  await typeParagraphs(page, editor, ['Written before the storm.']);
  await waitUntilSaved(saveStatus);

  await context.setOffline(true);
  await typeParagraphs(page, editor, ['', 'Written with no connection at all.']);
  await expect(saveStatus).toHaveText(/^Offline — \d+ changes? waiting$/, { timeout: SAVE_TIMEOUT_MS });
  await context.setOffline(false);
  // Reloaded straight away: what the server may not have yet comes back from the browser's own store.
  await page.reload();
  await expect(paragraphs(editor)).toHaveText([
    'Written before the storm.',
    'Written with no connection at all.',
  ]);
  await waitUntilSaved(saveStatus);

  await page.reload();
  await expect(paragraphs(editor)).toHaveText([
    'Written before the storm.',
    'Written with no connection at all.',
  ]);
});

test('pasting 150 lines warns first and makes 150 paragraphs, all saved', async ({ page }) => {
  const { editor, saveStatus } = await openNewChapter(page, 'paste');
  const lines = Array.from(
    { length: 150 },
    (_, index) => `Pasted line ${index + 1}, with a \u201Cquote\u201D -- and a dash.`,
  );

  await editor.click();
  await pastePlainText(editor, lines.join('\n'));

  await expect(
    page.getByText("You're pasting a lot of paragraphs. This may take awhile to process..."),
  ).toBeVisible();
  await expect(paragraphs(editor)).toHaveCount(150);
  await expect(paragraphs(editor).nth(149)).toHaveText('Pasted line 150, with a "quote" \u2014 and a dash.');
  await waitUntilSaved(saveStatus);
  await page.reload();
  await expect(paragraphs(editor)).toHaveCount(150, { timeout: SAVE_TIMEOUT_MS });
  await expect(paragraphs(editor).first()).toHaveText('Pasted line 1, with a "quote" \u2014 and a dash.');
});

test('Tab inserts a tab, and typing normalises dashes and quotes', async ({ page }) => {
  const { editor } = await openNewChapter(page, 'tab');

  await editor.click();
  await page.keyboard.press('Tab');
  await page.keyboard.type('\u201CWait--\u2019 she said.');

  await expect(paragraphs(editor).first()).toHaveText('\t"Wait\u2014\' she said.', { useInnerText: false });
  await expect(editor).toBeFocused();
});

test('the context menu offers Copy for a selection, and no menu of ours without one', async ({ page }) => {
  const { editor } = await openNewChapter(page, 'menu');
  await typeParagraphs(page, editor, ['Select these words.']);

  await paragraphs(editor).first().click({ button: 'right' });
  await expect(page.getByRole('menu', { name: 'Editor actions' })).toHaveCount(0);

  // Double-click selects the word, without the space after it.
  await paragraphs(editor)
    .first()
    .dblclick({ position: { x: 12, y: 12 } });
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe('Select');
  await paragraphs(editor)
    .first()
    .click({ button: 'right', position: { x: 12, y: 12 } });
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page.getByRole('menu', { name: 'Editor actions' })).toHaveCount(0);
});

test('the loaded chapter is not saved again just for being opened', async ({ page }) => {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/stories/')) writes.push(request.url());
  });
  const { editor, saveStatus } = await openNewChapter(page, 'no-op');
  await typeParagraphs(page, editor, ['Some words.']);
  await waitUntilSaved(saveStatus);
  writes.length = 0;

  // The reloaded page runs on Playwright's clock: well past autosave's quiet window (2 s) is run out at once, and
  // any save the opening had queued would be sent then.
  await page.clock.install();
  await page.reload();
  await expect(paragraphs(editor)).toHaveText(['Some words.']);
  await page.clock.runFor(6_000);
  // A request made after any such save, so the save would have been seen by the time its answer is in.
  await expect(page.evaluate(() => fetch('/api/user').then((answer) => answer.ok))).resolves.toBe(true);

  expect(writes).toEqual([]);
  await expect(saveStatus).toHaveText('Saved', { timeout: SAVE_TIMEOUT_MS });
});

test('switching chapters sends what was typed in the one left, and both keep their text', async ({
  page,
}) => {
  const { storyId, chapterId, editor } = await openNewChapter(page, 'switch');
  const secondId = await addChapterThroughApi(page, storyId, 'The Second');
  await expect
    .poll(() => storedParagraphs(page, storyId, secondId), { timeout: SAVE_TIMEOUT_MS })
    .toEqual(['']);
  await page.reload();

  await typeParagraphs(page, editor, ['Words of the first chapter.']);
  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  // The flyout's code loads on its first opening.
  await page.getByRole('navigation', { name: 'Story structure' }).waitFor();
  const secondRow = page.getByRole('button', { name: 'The Second', exact: true });
  if (!(await secondRow.isVisible())) await page.getByRole('button', { name: /^Chapters/ }).click();
  await secondRow.click();
  await expect(page).toHaveURL(new RegExp(`chapter=${secondId}`));
  // The first chapter's text stays in view until the second has loaded; typing starts in the second.
  await expect(editor).not.toContainText('Words of the first chapter.');
  await typeParagraphs(page, editor, ['Words of the second chapter.']);

  await expect
    .poll(() => storedParagraphs(page, storyId, chapterId), { timeout: SAVE_TIMEOUT_MS })
    .toEqual(['Words of the first chapter.']);
  await expect
    .poll(() => storedParagraphs(page, storyId, secondId), { timeout: SAVE_TIMEOUT_MS })
    .toEqual(['Words of the second chapter.']);
});

test('a chapter still being created takes typing, keeps it, and saves it once ready', async ({ page }) => {
  const { storyId, chapterId, editor, saveStatus } = await openNewChapter(page, 'creating');
  // The server answers 501 for this chapter's content and writes, as it does until the creation worker is done.
  const chapterBeingCreated = async (route: Route) => {
    const request = route.request();
    const forThisChapter =
      request.url().includes(chapterId) || (request.postData() ?? '').includes(chapterId);
    if (!forThisChapter) return route.fallback();
    return route.fulfill({
      status: 501,
      contentType: 'application/json',
      body: '{"error":"chapter_being_created"}',
    });
  };
  await page.route('**/api/stories/**', chapterBeingCreated);
  await page.reload();

  await expect(page.getByText('Chapter Being Created')).toBeVisible();
  await typeParagraphs(page, editor, ['Typed before the chapter existed.', 'And more.']);
  await expect(saveStatus).toHaveText(/^Chapter being created — \d+ changes? waiting$/, {
    timeout: SAVE_TIMEOUT_MS,
  });
  await page.reload();
  await expect(paragraphs(editor)).toHaveText(['Typed before the chapter existed.', 'And more.']);

  await page.unroute('**/api/stories/**', chapterBeingCreated);
  await expect(page.getByText('Your chapter assets are complete and your content was saved')).toBeVisible({
    timeout: SAVE_TIMEOUT_MS,
  });
  await waitUntilSaved(saveStatus);
  // The server's own starter paragraph gave way to what the author typed.
  await expect
    .poll(() => storedParagraphs(page, storyId, chapterId))
    .toEqual(['Typed before the chapter existed.', '\tAnd more.']);
});
