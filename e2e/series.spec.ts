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
