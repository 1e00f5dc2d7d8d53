import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';

async function openSeriesEditor(page: Page, seriesTitle: string) {
  await page.goto('/stories');
  await page.getByRole('link', { name: `Edit ${seriesTitle}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Series' })).toBeVisible();
  return page.getByRole('list', { name: `Stories in ${seriesTitle}` });
}

test('dragging a story down with the keyboard reorders the series, and the order is kept', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('reorder'));
  for (const title of ['Book One', 'Book Two', 'Book Three']) {
    await createStoryThroughApi(page, { title, seriesTitle: 'The Saga' });
  }
  const volumes = await openSeriesEditor(page, 'The Saga');
  await expect(volumes.getByRole('listitem')).toHaveText([/Book One/, /Book Two/, /Book Three/]);

  // @hello-pangea/dnd's keyboard dragging: Space lifts the story, an arrow moves it, Space drops it.
  await page.getByRole('button', { name: 'Reorder Book One' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(volumes.getByRole('listitem')).toHaveText([/Book Two/, /Book One/, /Book Three/]);
  // A series made from the story form has no description yet, and spec §5 will not save a blank one.
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Description cannot be blank' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Description' }).fill('Three books, one long road.');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Edit Action Complete' })).toContainText(
    'Your changes were saved.',
  );

  await page.reload();
  await expect(volumes.getByRole('listitem')).toHaveText([/Book Two/, /Book One/, /Book Three/]);
  await page.getByRole('link', { name: 'Close' }).click();
  const avatars = page.getByRole('article', { name: 'The Saga' }).getByRole('link', { name: /^Book / });
  await expect(avatars.nth(0)).toHaveAccessibleName('Book Two');
  await expect(avatars.nth(1)).toHaveAccessibleName('Book One');
  await expect(avatars.nth(2)).toHaveAccessibleName('Book Three');
});

test('the series editor adds a standalone story and removes a volume after asking', async ({ page }) => {
  await signIn(page, uniqueEmail('add-remove'));
  await createStoryThroughApi(page, { title: 'Volume A', seriesTitle: 'Two Rivers' });
  await createStoryThroughApi(page, { title: 'Loose Pages' });
  const volumes = await openSeriesEditor(page, 'Two Rivers');

  await page.getByRole('button', { name: 'Add Story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select a Story to Add' });
  await expect(dialog.getByRole('link', { name: 'Create New' })).toHaveAttribute(
    'href',
    /\/series\/.+\/add$/,
  );
  await dialog.getByRole('button', { name: 'Loose Pages' }).click();
  await expect(volumes.getByRole('listitem')).toHaveText([/Volume A/, /Loose Pages/]);
  await page.getByRole('textbox', { name: 'Description' }).fill('Where the two rivers meet.');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Edit Action Complete' })).toBeVisible();

  await page.getByRole('button', { name: 'Remove Volume A' }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Remove from series' });
  await expect(confirmation).toContainText('Remove Volume A from Two Rivers?');
  await confirmation.getByRole('button', { name: 'Remove' }).click();
  await expect(volumes.getByRole('listitem')).toHaveText([/Loose Pages/]);

  await page.getByRole('button', { name: 'Add Story' }).click();
  await expect(dialog.getByRole('button', { name: 'Volume A' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/stories');
  await expect(page.getByRole('article', { name: 'Volume A' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Loose Pages' })).toHaveCount(0);
});

test('deleting a series asks first and turns its volumes into standalone stories', async ({ page }) => {
  await signIn(page, uniqueEmail('delete-series'));
  await createStoryThroughApi(page, { title: 'First Light', seriesTitle: 'Dawn Cycle' });
  await createStoryThroughApi(page, { title: 'High Noon', seriesTitle: 'Dawn Cycle' });
  await page.goto('/stories');

  await page.getByRole('button', { name: 'Delete Dawn Cycle' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete series' });
  await expect(dialog).toContainText(
    'Delete series Dawn Cycle? Any volumes assigned to it will be converted to standalone stories.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page.getByRole('article', { name: 'Dawn Cycle' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'First Light' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'High Noon' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: 'Dawn Cycle' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'First Light' })).toBeVisible();
});
