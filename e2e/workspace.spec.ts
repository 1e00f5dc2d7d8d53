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

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('workspace'));
});

test('a story opened without ?chapter= gets the address of its first chapter', async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  const firstChapter = story.chapters[0]!;

  await page.goto(`/stories/${story.story_id}`);

  await expect(page).toHaveURL(`/stories/${story.story_id}?chapter=${firstChapter.id}`);
  await expect(page.getByRole('button', { name: /^Chapter title: Chapter 1\./ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Story title: The Salt Road\./ })).toBeVisible();
});

test('the NEW item adds Chapter 2, which can then be opened', async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await page.goto(`/stories/${story.story_id}`);
  const chapters = await openFlyout(page);

  await page.getByRole('button', { name: 'New chapter' }).click();

  await expect(rowTitles(page)).toHaveText(['Chapter 1', 'Chapter 2']);
  await chapters.getByRole('button', { name: 'Chapter 2', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Chapter title: Chapter 2\./ })).toBeVisible();
  await expect(page).toHaveURL(/\?chapter=/);
  expect(new URL(page.url()).searchParams.get('chapter')).not.toBe(story.chapters[0]!.id);
});

test('a chapter is deleted after the confirmation', async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await addChapterThroughApi(page, story.story_id, 'The Oasis');
  await page.goto(`/stories/${story.story_id}`);
  await openFlyout(page);

  await page.getByRole('button', { name: 'Delete The Oasis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete chapter' });
  await expect(dialog).toContainText('Delete The Oasis from The Salt Road?');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(rowTitles(page)).toHaveText(['Chapter 1']);
  await page.reload();
  await openFlyout(page);
  await expect(rowTitles(page)).toHaveText(['Chapter 1']);
});

test("the story's only chapter cannot be deleted", async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await page.goto(`/stories/${story.story_id}`);
  await openFlyout(page);

  await page.getByRole('button', { name: 'Delete Chapter 1' }).click();

  const dialog = page.getByRole('dialog', { name: 'Cannot delete chapter' });
  await expect(dialog).toContainText("You cannot delete a story's only chapter.");
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(rowTitles(page)).toHaveText(['Chapter 1']);
});

test('chapters are reordered by dragging, and the order survives a reload', async ({ page }) => {
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

test('a chapter is renamed by double-clicking its title', async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await page.goto(`/stories/${story.story_id}`);

  await page.getByRole('button', { name: /^Chapter title: Chapter 1\./ }).dblclick();
  const input = page.getByRole('textbox', { name: 'Chapter title' });
  await input.fill('Departure');
  await input.press('Enter');

  await expect(page.getByRole('button', { name: /^Chapter title: Departure\./ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Chapter title: Departure\./ })).toBeVisible();
  await openFlyout(page);
  await expect(rowTitles(page)).toHaveText(['Departure']);
});

test('the Document Settings are saved for the story', async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await page.goto(`/stories/${story.story_id}`);

  await page.getByRole('button', { name: 'Document settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Document Settings' });
  await dialog.getByRole('checkbox', { name: 'Spell Check' }).uncheck();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('textbox', { name: 'Chapter text' })).toHaveAttribute('spellcheck', 'false');
  await page.reload();

  await page.getByRole('button', { name: 'Document settings' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Spell Check' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Auto-insert tab in new paragraphs' })).toBeChecked();
});

test('closing the document returns to the story list', async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await page.goto(`/stories/${story.story_id}`);

  await page.getByRole('button', { name: 'Close document' }).click();

  await expect(page).toHaveURL(/\/stories$/);
});

test('the export menu is disabled for a free account and says why', async ({ page }) => {
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await page.goto(`/stories/${story.story_id}`);
  const exportButton = page.getByRole('button', { name: 'Export' });

  await expect(exportButton).toBeDisabled();
  // The workspace may still be laying out (chapter list, editor) when the pointer first arrives, which can move
  // the button from under it; pointing again is what an author would do.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await page.getByText('Export', { exact: true }).hover({ force: true });
    await expect(page.getByRole('tooltip')).toHaveText('Exporting stories is only available to subscribers', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 15_000 });
});
