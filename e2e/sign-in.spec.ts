import { expect, test } from './fixtures/content-security-policy';
import { signInThroughTheForm, uniqueEmail } from './fixtures/sign-in';

test('a signed-out visitor sees the Coming Soon splash', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByText('Coming Soon')).toBeVisible();
});

test('the sign-in page offers Google, Amazon and Microsoft', async ({ page }) => {
  await page.goto('/signin');

  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
    'href',
    '/auth/google',
  );
  await expect(page.getByRole('link', { name: 'Sign in with Amazon' })).toHaveAttribute(
    'href',
    '/auth/amazon',
  );
  await expect(page.getByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute(
    'href',
    '/auth/microsoftonline',
  );
});

test('a signed-out visitor is sent from a protected page to the splash', async ({ page }) => {
  await page.goto('/stories');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Coming Soon')).toBeVisible();
});

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
