import { expect, test, type Page } from '@playwright/test';
import { CHAPTER_CREATION_FAILED_CODE, CHAPTER_CREATION_FAILED_MESSAGE } from '../shared/schemas/chapter';
import { openNewChapter, paragraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { addChapterThroughApi } from './fixtures/stories';
import { storedParagraphs } from './fixtures/story-text';

/**
 * A chapter whose creation the worker gave up on (issue 16, workers). The server's side (dead-lettering, the
 * 'failed' status, the retry) is proven on DynamoDB Local by the workers suite; here the content call answers
 * what the server answers such a chapter, 409 `chapter_creation_failed`, until the author asks again.
 */
async function answerCreationFailed(
  page: Page,
  storyId: string,
  chapterId: string,
): Promise<() => Promise<void>> {
  const url = `**/api/stories/${storyId}/content?chapter=${chapterId}*`;
  await page.route(url, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: CHAPTER_CREATION_FAILED_CODE, message: CHAPTER_CREATION_FAILED_MESSAGE }),
    }),
  );
  return () => page.unroute(url);
}

async function openFailedChapter(page: Page, label: string) {
  const opened = await openNewChapter(page, label);
  const chapterId = await addChapterThroughApi(page, opened.storyId, 'Lost at sea');
  const recover = await answerCreationFailed(page, opened.storyId, chapterId);
  await page.goto(`/stories/${opened.storyId}?chapter=${chapterId}`);
  const failure = page.getByRole('alert').filter({ hasText: 'Chapter not created' });
  await expect(failure).toBeVisible();
  return { ...opened, chapterId, recover, failure };
}

test('a chapter whose creation failed says so, keeps what is typed, and is created on Try again', async ({
  page,
}, testInfo) => {
  const { storyId, chapterId, editor, saveStatus, recover, failure } = await openFailedChapter(
    page,
    'failed-chapter',
  );
  await expect(failure).toContainText('This chapter could not be created.');
  await expect(page.getByRole('alert').filter({ hasText: 'Chapter Being Created' })).toHaveCount(0);

  // The first paragraph, not the middle of the editor: a click there scrolls the text under the toolbar.
  await paragraphs(editor).first().click();
  await page.keyboard.type('Written while it had failed.');
  await page.screenshot({ path: testInfo.outputPath('chapter-creation-failed-desktop.png') });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: testInfo.outputPath('chapter-creation-failed-phone.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  await recover();
  await failure.getByRole('button', { name: 'Try again' }).click();

  await expect(failure).toBeHidden();
  await expect(page.getByRole('alert').filter({ hasText: 'Chapter ready' })).toBeVisible();
  await waitUntilSaved(saveStatus);
  expect(await storedParagraphs(page, storyId, chapterId)).toEqual(['Written while it had failed.']);
  await page.reload();
  await expect(paragraphs(editor)).toHaveText(['Written while it had failed.']);
});

test('a chapter whose creation failed can be deleted from its message', async ({ page }) => {
  const { failure } = await openFailedChapter(page, 'failed-chapter-delete');

  await failure.getByRole('button', { name: 'Delete chapter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete chapter' });
  await expect(dialog).toContainText('Lost at sea');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(failure).toBeHidden();
  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  const chapters = page.getByRole('list', { name: 'Chapters' });
  await expect(chapters.getByRole('listitem')).toHaveCount(1);
  await expect(chapters).not.toContainText('Lost at sea');
});
