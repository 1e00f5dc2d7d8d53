import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/content-security-policy';
import { pngFile, sameColour, servedImage } from './fixtures/images';
import { signIn, uniqueEmail } from './fixtures/sign-in';

const INVALID_TITLE_MESSAGE = "A title may be at most 256 characters and may not start with 'aws:'.";

/** The toast at the bottom right; each check names the text it expects in it. */
function toast(page: Page, title: string) {
  return page.getByRole('alert').filter({ hasText: title });
}

async function fillStoryForm(page: Page, fields: { title: string; summary: string; series?: string }) {
  await page.getByRole('textbox', { name: 'Title' }).fill(fields.title);
  await page.getByRole('textbox', { name: 'Write a brief summary of your story' }).fill(fields.summary);
  if (fields.series !== undefined) {
    await page.getByRole('combobox', { name: 'Assign to Series (optional)' }).fill(fields.series);
  }
}

test('a new author sees the empty state, which stays, and the big plus button opens the form', async ({
  page,
}) => {
  // Fake timers from the start, so a timer that would hide the empty state can be run out.
  await page.clock.install();
  await signIn(page, uniqueEmail('empty'));
  await page.goto('/stories');

  const emptyState = page.getByRole('alert').filter({ hasText: 'The Loreweaver is In' });
  await expect(emptyState).toContainText(
    "...but you haven't created any stories yet. Hit the big plus button to make one.",
  );
  await page.clock.runFor(15_000);
  await expect(emptyState).toBeVisible();

  await page.getByRole('link', { name: 'Create Story' }).click();
  await expect(page).toHaveURL(/\/stories\/new$/);
  await expect(page.getByRole('heading', { name: 'Create a Story' })).toBeVisible();
});

test('creating a story through the form checks the title, then opens the story and lists it', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('create'));
  await page.goto('/stories/new');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('Story Title')).toBeVisible();
  await expect(preview.getByText('Story description will appear here.')).toBeVisible();

  await fillStoryForm(page, { title: '', summary: 'A lighthouse keeper finds a letter.' });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Story title is required')).toBeVisible();

  await fillStoryForm(page, { title: 'aws:The Keeper', summary: 'A lighthouse keeper finds a letter.' });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Invalid Title')).toContainText(INVALID_TITLE_MESSAGE);

  await fillStoryForm(page, { title: 'The Keeper', summary: 'A lighthouse keeper finds a letter.' });
  await expect(preview.getByText('The Keeper')).toBeVisible();
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(toast(page, 'Story creation success')).toBeVisible();
  // The workspace names the chapter it opened (`?chapter=`), replacing the address it was opened at.
  await expect(page).toHaveURL(/\/stories\/[A-Za-z0-9_-]+(\?chapter=[A-Za-z0-9_-]+)?$/);
  await page.goto('/stories');
  const card = page.getByRole('article', { name: 'The Keeper' });
  await expect(card).toBeVisible();
  await expect(card.getByText('A lighthouse keeper finds a letter.')).toBeAttached();
  // No image was chosen: the server made a cover for the story.
  await expect(card.locator('img')).toHaveAttribute('src', /^\/images\//);
  await expect(page.getByText('The Loreweaver is In')).toHaveCount(0);
});

test('a cover chosen on the form is uploaded, stored and shown for the story', async ({ page }) => {
  await signIn(page, uniqueEmail('cover'));
  await page.goto('/stories/new');
  await fillStoryForm(page, { title: 'Red Harbour', summary: 'A town painted red.' });
  await page
    .getByLabel('Choose cover image', { exact: true })
    .and(page.locator('input[type="file"]'))
    .setInputFiles(await pngFile('red-harbour.png', 400, 600, '#c0392b'));
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(toast(page, 'Story creation success')).toBeVisible();
  const cover = page.getByRole('img', { name: 'Cover of Red Harbour' });
  await expect(cover).toHaveAttribute('src', /^\/images\//);
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(400);
  const served = await servedImage(page, (await cover.getAttribute('src'))!);
  expect(served).toMatchObject({ width: 400, height: 600 });
  expect(sameColour(served.dominant, '#c0392b')).toBe(true);
});
