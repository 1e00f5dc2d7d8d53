import { expect, test } from './fixtures/content-security-policy';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';
import { subscribeThroughApi } from './fixtures/subscription';

/**
 * Issue 27 §1 and §4 in a real browser: the book settings saved from the export menu, and the preview of the
 * first pages — the print PDF drawn by pdf.js, the EPUB's files in reading frames — with the trim and style
 * switched there. The files themselves are read back in the render and integration tests.
 */
test('a subscriber sets up the book, previews its first pages as a PDF and as an EPUB, and keeps the settings', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, uniqueEmail('book'));
  await subscribeThroughApi(page);
  const story = await createStoryThroughApi(page, { title: 'The Salt Road' });
  const chapterId = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, chapterId, [
    'The caravan left the coast at first light, the salt still white on the wheels.',
    '* * *',
    'By noon the road had climbed above the marshes.',
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${chapterId}`);
  // The editor shows the scene break as the export will draw it: centred.
  await expect(page.getByRole('textbox', { name: 'Chapter text' }).getByText('* * *')).toHaveCSS(
    'text-align',
    'center',
  );

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: /^Book settings/ }).click();
  const settings = page.getByRole('dialog', { name: 'Book settings' });
  await settings.getByRole('textbox', { name: 'Dedication' }).fill('For the keepers of lights.');
  await settings.getByRole('button', { name: 'Preview' }).click();

  const preview = page.getByRole('dialog', { name: 'Preview' });
  const pdfPages = preview.getByRole('group', { name: 'Print PDF preview' }).getByRole('img');
  await expect(pdfPages.first()).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByText(/^The first \d+ of \d+ pages$/)).toBeVisible();
  const sixByNine = await pdfPages.first().boundingBox();
  expect(sixByNine!.height / sixByNine!.width).toBeCloseTo(9 / 6, 1);

  // Switched in the preview: the pages are drawn again on the 5 × 8 trim.
  await preview.getByRole('combobox', { name: 'Trim size' }).click();
  await page.getByRole('option', { name: '5 × 8 in', exact: true }).click();
  await expect
    .poll(async () => {
      const box = await pdfPages.first().boundingBox();
      return box ? Number((box.height / box.width).toFixed(2)) : 0;
    })
    .toBe(Number((8 / 5).toFixed(2)));

  await preview.getByRole('button', { name: 'EPUB' }).click();
  const chapterFrame = preview
    .getByRole('group', { name: 'EPUB preview' })
    .locator('iframe[title="Chapter 1"]');
  await expect(chapterFrame).toBeVisible({ timeout: 20_000 });
  await expect(
    chapterFrame.contentFrame().getByText('By noon the road had climbed above the marshes.'),
  ).toBeVisible();
  await expect(
    preview
      .getByRole('group', { name: 'EPUB preview' })
      .locator('iframe[title="dedication"]')
      .contentFrame()
      .getByText('For the keepers of lights.'),
  ).toBeVisible();
  await preview.getByRole('button', { name: 'Close preview' }).click();

  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await page.reload();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitem', { name: /^Book settings/ }).click();
  await expect(settings.getByRole('textbox', { name: 'Dedication' })).toHaveValue(
    'For the keepers of lights.',
  );
  await expect(settings.getByRole('combobox', { name: 'Trim size' })).toHaveText('5 × 8 in');
});
