import { expect, test } from '@playwright/test';
import { signInThroughTheForm, uniqueEmail } from './fixtures/sign-in';

test('on a phone, an author can sign in and reach their stories', async ({ page }) => {
  await signInThroughTheForm(page, uniqueEmail('phone'));

  await expect(page.getByRole('link', { name: /Loreweaver/i }).first()).toBeVisible();
});
