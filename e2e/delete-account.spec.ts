import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';
import { subscribeThroughApi } from './fixtures/subscription';

/** Issue 16, "Trust an author can see": 'Delete my account' in /settings. */

test('deletes the account once its email is typed, signs out everywhere, and a new sign-in starts empty', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('leaving');
  await signIn(page, email, 'Leaving Author');
  await subscribeThroughApi(page);
  await createStoryThroughApi(page, { title: 'Northern Lights' });
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await signIn(phone, email, 'Leaving Author');

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('Your subscription is cancelled: it will not renew')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download all my stories' })).toBeEnabled();
  const confirmation = dialog.getByLabel('Type your email to confirm');
  const deleteButton = dialog.getByRole('button', { name: 'Delete account' });
  await expect(deleteButton).toBeDisabled();
  await confirmation.fill('someone-else@example.com');
  await expect(deleteButton).toBeDisabled();
  await confirmation.fill(`  ${email.toUpperCase()} `);
  await expect(deleteButton).toBeEnabled();
  await deleteButton.click();

  await expect(page).toHaveURL(/\/signin\?account=deleted$/);
  await expect(page.getByRole('status')).toContainText('Your account was deleted.');
  expect((await phone.request.get('/api/user')).status()).toBe(401);
  await phone.goto('/stories');
  await expect(phone).not.toHaveURL(/\/stories$/);

  // The issuer still knows this browser: the same identity goes straight through, into a fresh account.
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/stories$/);
  await expect(page.getByRole('heading', { name: 'Your Stories' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Northern Lights' })).toHaveCount(0);
  const user = (await (await page.request.get('/api/user')).json()) as { subscription_id: string };
  expect(user.subscription_id).toBe('');
  await phoneContext.close();
});

test('keeps the account when the dialog is cancelled', async ({ page }) => {
  const email = uniqueEmail('staying');
  await signIn(page, email);
  await createStoryThroughApi(page, { title: 'Still Here' });
  await page.goto('/settings');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('Your subscription is cancelled')).toHaveCount(0);
  await dialog.getByLabel('Type your email to confirm').fill(email);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/stories');
  await expect(page.getByRole('article', { name: 'Still Here' })).toBeVisible();
});
