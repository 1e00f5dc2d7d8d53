import { expect, test, type Locator, type Page } from '@playwright/test';
import { openNewChapter, paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { pngFile } from './fixtures/images';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';
import { DEFAULT_STORY_IMAGE_URL } from '../shared/default-images';
import { IMAGE_TYPE_REJECTED_MESSAGE } from '../shared/validation';

/** Issue 15 §3: what a new author ran into in their first hour. */

const LONG_CHAPTER = Array.from(
  { length: 60 },
  (_, index) => `Paragraph ${index + 1} of the caravan's long crossing, told slowly over many words.`,
);

interface OpenedStory {
  storyId: string;
  chapterId: string;
  editor: Locator;
  manuscript: Locator;
  saveStatus: Locator;
}

/** A signed-in author's story whose first chapter holds `texts`, opened in the workspace. */
async function openStoryWithText(page: Page, label: string, texts: string[]): Promise<OpenedStory> {
  await signIn(page, uniqueEmail(label));
  const story = await createStoryThroughApi(page, { title: 'The Salt Road' });
  const chapterId = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, chapterId, texts);
  await page.goto(`/stories/${story.story_id}?chapter=${chapterId}`);
  const opened = {
    storyId: story.story_id,
    chapterId,
    editor: page.getByRole('textbox', { name: 'Chapter text' }),
    manuscript: page.getByRole('region', { name: 'Manuscript' }),
    saveStatus: page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ }),
  };
  // The server's starter paragraph of the chapter is there too, empty.
  await expect(paragraphs(opened.editor)).toHaveCount(texts.length + 1);
  return opened;
}

test('a chapter opens with the caret at the end of its text, then where the author last was', async ({
  page,
}) => {
  const { editor, saveStatus } = await openStoryWithText(page, 'caret', LONG_CHAPTER);

  // Never opened in this browser: the caret is at the end, in view, ready for typing.
  await expect(editor).toBeFocused();
  await page.keyboard.type(' The end.');
  await expect(paragraphs(editor).last()).toHaveText(/ The end\.$/);
  await expect(paragraphs(editor).last()).toBeInViewport();

  // The author moves to paragraph 12 and leaves; opening the chapter again puts them back there.
  const twelfth = paragraphs(editor).filter({ hasText: LONG_CHAPTER[11] });
  // Paragraphs far off screen are laid out only once shown: click the end of its last line as then drawn.
  await twelfth.scrollIntoViewIfNeeded();
  await expect(twelfth).toBeInViewport();
  const shown = (await twelfth.boundingBox())!;
  await twelfth.click({ position: { x: shown.width - 2, y: shown.height - 4 } });
  await page.keyboard.type(' Here.');
  await waitUntilSaved(saveStatus);
  await page.reload();

  await expect(paragraphs(editor).filter({ hasText: 'Here.' })).toHaveCount(1);
  await expect(editor).toBeFocused();
  await page.keyboard.type(' Again.');
  await expect(twelfth).toHaveText(`${LONG_CHAPTER[11]} Here. Again.`);
  await expect(twelfth).toBeInViewport();
});

test("'New chapter' opens the chapter it made", async ({ page }) => {
  const { storyId, chapterId } = await openStoryWithText(page, 'new-chapter', ['The first page.']);

  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  await page.getByRole('button', { name: 'New chapter' }).click();

  await expect(page.getByRole('button', { name: /^Chapter title: Chapter 2\./ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/stories/${storyId}\\?chapter=(?!${chapterId})`));
});

test('writing at the end of a chapter keeps the caret well above the bottom edge', async ({ page }) => {
  const { editor, manuscript } = await openStoryWithText(page, 'bottom', LONG_CHAPTER);
  await expect(editor).toBeFocused();

  for (let line = 0; line < 4; line += 1) {
    await page.keyboard.press('Enter');
    await page.keyboard.type(`A new line at the end, number ${line + 1}.`);
  }

  const area = (await manuscript.boundingBox())!;
  const caretBottom = await page.evaluate(
    () => window.getSelection()!.getRangeAt(0).getBoundingClientRect().bottom,
  );
  // At least a quarter of the manuscript's height stays free below the caret.
  expect(area.y + area.height - caretBottom).toBeGreaterThan(area.height / 4);
});

test('the mouse wheel scrolls the manuscript from the margin of the page', async ({ page }) => {
  const { manuscript } = await openStoryWithText(page, 'wheel', LONG_CHAPTER);
  await manuscript.evaluate((element) => element.scrollTo({ top: 0 }));
  const area = (await manuscript.boundingBox())!;

  // Left of the side menu, in the page's margin.
  await page.mouse.move(4, area.y + area.height / 2);
  await page.mouse.wheel(0, 600);

  await expect.poll(() => manuscript.evaluate((element) => element.scrollTop)).toBeGreaterThan(300);
});

/**
 * Opens the editor's context menu on the first word of a paragraph, selected by a double-click; `indented`
 * for a paragraph that starts with autotab's tab.
 */
async function contextMenuOnFirstWord(paragraph: Locator, indented = false): Promise<void> {
  const firstWord = { x: indented ? 56 : 14, y: 12 };
  await paragraph.dblclick({ position: firstWord });
  await paragraph.click({ button: 'right', position: firstWord });
}

test('Create Association opens on hover and on ArrowRight; the new association opens ready for its summary', async ({
  page,
}) => {
  const { editor, saveStatus } = await openNewChapter(page, 'assoc-submenu');
  await typeParagraphs(page, editor, ['Frodo left at dawn.', 'Bree was quiet.']);
  await waitUntilSaved(saveStatus);

  // The pointer: resting on the item opens its submenu.
  await contextMenuOnFirstWord(paragraphs(editor).first());
  await page.getByRole('menuitem', { name: 'Create Association' }).hover();
  const kinds = page.getByRole('menu', { name: 'Create Association' });
  await expect(kinds).toBeVisible();
  await kinds.getByRole('menuitem', { name: 'Character' }).click();

  const frodo = page.getByRole('complementary', { name: 'Character Frodo' });
  await expect(frodo).toBeVisible();
  await expect(frodo.getByRole('textbox', { name: 'Summary' })).toBeFocused();
  await page.keyboard.type('A hobbit of the Shire.');
  await frodo.getByRole('button', { name: 'Close' }).click();

  // The keyboard: ArrowRight opens the submenu on its first kind.
  await contextMenuOnFirstWord(paragraphs(editor).nth(1), true);
  await page.getByRole('menuitem', { name: 'Create Association' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(kinds.getByRole('menuitem', { name: 'Character' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('complementary', { name: 'Place Bree' }).getByRole('textbox', { name: 'Summary' }),
  ).toBeFocused();
});

test("a chapter's title says how to rename it, and its row's menu renames it", async ({ page }) => {
  await openStoryWithText(page, 'rename', ['The first page.']);

  await page.getByRole('button', { name: /^Chapter title: Chapter 1\./ }).hover();
  await expect(page.getByRole('tooltip', { name: 'Double-click to rename' })).toBeVisible();

  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  await page.getByRole('button', { name: 'More actions for Chapter 1' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename chapter' });
  const title = dialog.getByRole('textbox', { name: 'Chapter title' });
  await expect(title).toHaveAttribute('maxlength', '256');
  await expect(dialog.getByText('9/256')).toBeVisible();
  await title.fill('The Oasis');
  await expect(dialog.getByText('9/256')).toBeVisible();
  await dialog.getByRole('button', { name: 'Rename' }).click();

  await expect(page.getByRole('button', { name: /^Chapter title: The Oasis\./ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Chapter title: The Oasis\./ })).toBeVisible();
});

test('an over-long chapter title gets a message that says so, in a toast clear of the word counts', async ({
  page,
}) => {
  await openStoryWithText(page, 'too-long', ['The first page.']);

  await page.getByRole('button', { name: /^Chapter title: Chapter 1\./ }).dblclick();
  const field = page.getByRole('textbox', { name: 'Chapter title' });
  await expect(field).toHaveAttribute('maxlength', '256');
  await expect(page.getByText('9/256')).toBeVisible();
  // What an older page (or a pasted title in another client) would send: past the field's limit.
  await field.evaluate((input) => input.removeAttribute('maxlength'));
  await field.fill('A'.repeat(300));
  await field.press('Enter');

  const toast = page.getByRole('alert').filter({ hasText: 'A chapter title may be at most 256 characters.' });
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText('Please report this');
  const wordCounts = (await page.getByRole('group', { name: 'Word count' }).boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(wordCounts.y);
});

test('the story form counts its title, refuses a file that is not an image when chosen, and removes a chosen cover', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('story-form'));
  await page.goto('/stories/new');
  const title = page.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveAttribute('maxlength', '256');
  await title.fill('Dune');
  await expect(page.getByText('4/256')).toBeVisible();

  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('%PDF-1.7 a manuscript, not a picture'),
  });
  await expect(page.getByRole('alert').filter({ hasText: IMAGE_TYPE_REJECTED_MESSAGE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);

  await fileInput.setInputFiles(await pngFile('cover.png', 40, 40, '#aa3322'));
  const remove = page.getByRole('button', { name: 'Remove' });
  await expect(remove).toBeVisible();
  await expect(page.getByText('Without one, a cover is made from the title.')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('story-form-desktop.png'), fullPage: true });
  await remove.click();

  await expect(remove).toHaveCount(0);
  await expect(page.getByText('Without one, a cover is made from the title.')).toBeVisible();
});

test('a saved cover can be removed: after Update and a reload the story shows the default picture', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('remove-cover'));
  const story = await createStoryThroughApi(page, { title: 'The Salt Road' });
  const editPage = `/stories/${story.story_id}/edit`;
  const savedCover = async () =>
    ((await (await page.request.get(`/api/stories/${story.story_id}`)).json()) as { image_url: string })
      .image_url;
  await page.goto(editPage);
  await page.locator('input[type="file"]').setInputFiles(await pngFile('cover.png', 60, 60, '#2255aa'));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Story edit success')).toBeVisible();
  const uploaded = await savedCover();
  expect(uploaded).toMatch(/\.png$/);

  await page.goto(editPage);
  const dropzone = page.getByRole('button', { name: 'Choose cover image' });
  await expect(dropzone.locator('img')).toHaveAttribute('src', uploaded);
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(dropzone.locator('img')).toHaveCount(0);
  await expect(page.getByText('Without one, the story shows the default cover.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('cover-removed-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: test.info().outputPath('cover-removed-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Story edit success')).toBeVisible();

  await page.goto(editPage);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('The Salt Road');
  expect(await savedCover()).toBe(DEFAULT_STORY_IMAGE_URL);
  expect((await page.request.get(uploaded)).status()).toBe(404);
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await page.goto('/stories');
  const card = page.getByRole('article').filter({ hasText: 'The Salt Road' });
  await expect(card.locator('img')).toHaveAttribute('src', DEFAULT_STORY_IMAGE_URL);
  await page.screenshot({ path: test.info().outputPath('story-list-after-removal.png') });
});

test('the keyboard focus shows a clear ring on controls and on a story card with its cover', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('focus'));
  await createStoryThroughApi(page, { title: 'The Salt Road' });
  await page.goto('/stories');
  const card = page.getByRole('article', { name: 'The Salt Road' });
  const titleLink = card.getByRole('heading').getByRole('link', { name: 'The Salt Road' });
  await expect(titleLink).toBeVisible();

  await titleLink.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(titleLink).toBeFocused();
  await expect(card).toHaveCSS('outline-style', 'solid');
  await expect(card).toHaveCSS('outline-width', '3px');
  await page.screenshot({ path: test.info().outputPath('focus-ring-card.png') });

  await page.keyboard.press('Tab');
  const edit = card.getByRole('link', { name: 'Edit The Salt Road' });
  await expect(edit).toBeFocused();
  await expect(edit).toHaveCSS('outline-style', 'solid');
  await expect(edit).toHaveCSS('outline-width', '3px');
});
