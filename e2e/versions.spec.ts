import { expect, test } from '@playwright/test';
import { openNewChapter, paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';

test('save a version, change the text, see what changed, restore it, and find it restored after a reload', async ({
  page,
}, testInfo) => {
  const { editor, saveStatus } = await openNewChapter(page, 'versions');
  await typeParagraphs(page, editor, ['It was a bright cold day in April.']);
  await waitUntilSaved(saveStatus);

  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Versions', exact: true });
  await panel.getByLabel('Version name').fill('Opening line');
  await panel.getByRole('button', { name: 'Save version' }).click();
  const list = panel.getByRole('list', { name: 'Versions of this chapter' });
  await expect(list.getByRole('button', { name: /Opening line/ })).toContainText('8 words');

  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('It was a dark wet night in May.');
  await waitUntilSaved(saveStatus);

  await list.getByRole('button', { name: /Opening line/ }).click();
  const comparison = panel.getByRole('region', { name: 'Compared with the current text' });
  await expect(comparison.locator('ins')).toHaveText(['bright cold day', 'April']);
  await expect(comparison.locator('del')).toHaveText(['dark wet night', 'May']);
  await page.screenshot({ path: testInfo.outputPath('versions-desktop.png') });

  await panel.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('alertdialog', { name: 'Restore this version' })
    .getByRole('button', { name: 'Restore' })
    .click();
  await expect(paragraphs(editor)).toHaveText(['It was a bright cold day in April.']);

  await page.reload();
  await expect(paragraphs(editor)).toHaveText(['It was a bright cold day in April.']);
  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(list.getByRole('button').first()).toContainText('Automatic');
});
