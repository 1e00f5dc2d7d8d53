import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';

test('on a phone, an author creates a story and its card shows the summary without hovering', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('phone-story'));
  await page.goto('/stories');
  await expect(page.getByText('The Loreweaver is In')).toBeVisible();

  await page.getByRole('link', { name: 'Create Story' }).tap();
  await page.getByRole('textbox', { name: 'Title' }).fill('Pocket Notes');
  await page
    .getByRole('textbox', { name: 'Write a brief summary of your story' })
    .fill('Written on the bus.');
  await page.getByRole('button', { name: 'Create' }).tap();
  await expect(page.getByRole('alert').filter({ hasText: 'Story creation success' })).toBeVisible();

  await page.goto('/stories');
  const card = page.getByRole('article', { name: 'Pocket Notes' });
  // Touch screens cannot hover, so the description slider stays open over the cover.
  await expect(card.getByText('Written on the bus.')).toBeInViewport();
  await expect(card.getByRole('button', { name: 'Delete Pocket Notes' })).toBeInViewport();
});
