import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { addChapterThroughApi, createStoryThroughApi } from './fixtures/stories';

async function openFlyout(page: Page) {
  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  // On a desktop the flyout is docked beside the manuscript, a landmark of its own.
  const chapters = page
    .getByRole('complementary', { name: 'Chapters and layout' })
    .getByRole('list', { name: 'Chapters' });
  await expect(chapters).toBeVisible();
  return chapters;
}

/** The titles of the flyout's chapter rows, top to bottom. */
function rowTitles(page: Page) {
  return page
    .getByRole('list', { name: 'Chapters' })
    .getByRole('listitem')
    .getByRole('button', { name: /^(?!Move |Delete |More actions for )/ });
}

/*
 * What the workspace's controls send and show (opening the first chapter, adding, deleting and renaming
 * chapters, the document settings, closing, the export menu of a free account) is proven in jsdom
 * (test/web/features/workspace) and what the server keeps by the integration tests; a browser is needed for
 * dragging.
 */
test('chapters are reordered by dragging, and the order survives a reload', async ({ page }) => {
  await signIn(page, uniqueEmail('workspace'));
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await addChapterThroughApi(page, story.story_id, 'The Oasis');
  await addChapterThroughApi(page, story.story_id, 'The Return');
  await page.goto(`/stories/${story.story_id}`);
  await openFlyout(page);
  await expect(rowTitles(page)).toHaveText(['Chapter 1', 'The Oasis', 'The Return']);

  // The keyboard drag of @hello-pangea/dnd: lift with Space, move, drop with Space.
  await page.getByRole('button', { name: 'Move Chapter 1' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');

  await expect(rowTitles(page)).toHaveText(['The Oasis', 'Chapter 1', 'The Return']);
  await page.reload();
  await openFlyout(page);
  await expect(rowTitles(page)).toHaveText(['The Oasis', 'Chapter 1', 'The Return']);
});
