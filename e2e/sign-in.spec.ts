import { expect, test } from './fixtures/content-security-policy';
import { signInThroughTheForm, uniqueEmail } from './fixtures/sign-in';

test('signing in lands on /stories and a reload keeps the author signed in', async ({ page }) => {
  await signInThroughTheForm(page, uniqueEmail('reload'));

  await page.reload();

  await expect(page).toHaveURL(/\/stories$/);
  await page.goto('/signin');
  await expect(page).toHaveURL(/\/stories$/);
});

test('signing out ends the session', async ({ page }) => {
  await signInThroughTheForm(page, uniqueEmail('sign-out'), 'Octavia');

  await page.getByRole('button', { name: /account/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page.getByText('Coming Soon')).toBeVisible();
  await page.goto('/stories');
  await expect(page).toHaveURL(/\/$/);
});
