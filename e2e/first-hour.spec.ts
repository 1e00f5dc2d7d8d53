import { expect, test, type Locator, type Page } from '@playwright/test';
import { paragraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';

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
  await twelfth.click();
  await page.keyboard.press('End');
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
