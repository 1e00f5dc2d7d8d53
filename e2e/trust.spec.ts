import JSZip from 'jszip';
import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';

/** Issue 16, "Trust an author can see": the account's own tools in /settings, on a free account. */

test('downloads every story in one zip of Markdown and JSON from the settings, on a free account', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('download'));
  await createStoryThroughApi(page, { title: 'The Salt Road' });
  await createStoryThroughApi(page, { title: 'Harbour Lights' });
  await page.goto('/settings');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all my stories' }).click();
  const download = await downloading;

  expect(download.suggestedFilename()).toBe('Loreweaver stories.zip');
  const zip = await JSZip.loadAsync(await (await download.createReadStream()).toArray().then(Buffer.concat));
  expect(Object.keys(zip.files).sort()).toEqual([
    'Harbour Lights.json',
    'Harbour Lights.md',
    'The Salt Road.json',
    'The Salt Road.md',
  ]);
  expect(await zip.file('The Salt Road.md')!.async('string')).toContain('# Chapter 1');
});

test("restores a deleted story from 'Recently deleted' in the settings", async ({ page }) => {
  await signIn(page, uniqueEmail('trash'));
  await createStoryThroughApi(page, { title: 'Lost Letters' });
  await page.goto('/stories');
  await page.getByRole('button', { name: 'Delete Lost Letters' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete story' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('article', { name: 'Lost Letters' })).toHaveCount(0);

  await page.goto('/settings');
  const recentlyDeleted = page.getByRole('list', { name: 'Recently deleted' });
  await expect(recentlyDeleted.getByText('Lost Letters')).toBeVisible();
  await page.getByRole('button', { name: 'Restore Lost Letters' }).click();
  await expect(page.getByText('Nothing deleted in the last 30 days.')).toBeVisible();

  await page.goto('/stories');
  await expect(page.getByRole('article', { name: 'Lost Letters' })).toBeVisible();
});
