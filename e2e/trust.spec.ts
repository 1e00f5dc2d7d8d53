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
