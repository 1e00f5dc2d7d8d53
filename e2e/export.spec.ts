import { expect, test, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { openNewChapter, paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { subscribeThroughApi } from './fixtures/subscription';

/**
 * Export needs a subscriber: the author subscribes through the billing API (the local card provider), on the
 * run's one server. A subscription that lapses while the page is open is refused by the server
 * (test/integration/export.test.ts) and shown as the 'Insufficient subscription' alert (the toolbar's jsdom
 * test): no browser and no runtime of this file's own are needed for it.
 */

/** The 'Conversion complete' alert's link, downloaded as a browser would; the worker converts meanwhile. */
async function downloadFromAlert(page: Page, type: 'PDF' | 'DOCX'): Promise<Buffer> {
  const alert = page.getByRole('alert').filter({ hasText: 'Conversion complete' });
  await expect(alert).toContainText('Right-click the link to save your document.', { timeout: 30_000 });
  const href = await alert.getByRole('link', { name: `Download ${type}` }).getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  return response.body();
}

// One export is enough here: every format's file is checked in test/integration/export.test.ts and the domain's
// render tests (epubcheck included), the Word comments in test/integration/review-word-round-trip.test.ts, and
// the menu's layouts, formats and options in the toolbar's jsdom tests.
test('a subscriber comments on what they just typed and exports it to DOCX with the comment', async ({
  page,
}) => {
  const { editor } = await openNewChapter(page, 'export');
  await subscribeThroughApi(page);
  await page.reload();
  await typeParagraphs(page, editor, ['The lanterns swung low over the silver river.']);
  await waitUntilSaved(page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ }));
  await paragraphs(editor).first().click();
  await page.keyboard.press('Home');
  for (let letter = 0; letter < 'The lanterns'.length; letter += 1)
    await page.keyboard.press('Shift+ArrowRight');
  await page.getByRole('button', { name: 'Comment on the selected words' }).click();
  const panel = page.getByRole('complementary', { name: 'Comments' });
  await panel.getByRole('textbox', { name: 'Comment' }).fill('Brighter here?');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(panel.getByRole('article', { name: /^Comment by / })).toContainText('Brighter here?');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: /^Include comments/ }).click();
  await page.getByRole('menuitem', { name: 'DOCX' }).click();

  const docx = await JSZip.loadAsync(await downloadFromAlert(page, 'DOCX'));
  const text = (xml: string) => xml.replace(/<[^>]+>/g, '');
  expect(text(await docx.file('word/document.xml')!.async('string'))).toContain(
    'The lanterns swung low over the silver river.',
  );
  expect(text(await docx.file('word/comments.xml')!.async('string'))).toContain('Brighter here?');
});
