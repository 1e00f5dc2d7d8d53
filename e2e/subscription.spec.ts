import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';
import { subscribeThroughApi } from './fixtures/subscription';

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('billing'));
});

/** Types a card into the local card form, which submits itself once the card is complete. */
async function enterCard(page: Page, number: string) {
  await page.getByLabel('Card number').pressSequentially(number.replace(/\s/g, ''));
  await page.getByLabel('Expiry').pressSequentially('1240');
  await page.getByLabel('CVC').pressSequentially('123');
}

test('a free author subscribes with 4242… on /subscribe and the export menu and Outline branch unlock', async ({
  page,
}) => {
  const story = await createStoryThroughApi(page, { title: 'The Long Winter' });
  await page.goto(`/stories/${story.story_id}`);
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  await expect(page.getByText('For subscribers')).toBeVisible();
  await page.getByRole('button', { name: 'Close chapters and layout' }).click();

  // Through the app's own links, so the page is never reloaded on the way.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Subscribe and gain access to premium features.')).toBeVisible();
  await page.getByRole('link', { name: 'Subscribe' }).click();

  await expect(page.getByRole('heading', { name: 'Loreweaver Premium' })).toBeVisible();
  await page.getByLabel('Card number').pressSequentially('4242424242424242');
  await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await expect(page.getByLabel('Card brand: Visa')).toBeVisible();
  await page.getByLabel('Expiry').pressSequentially('1240');
  await expect(page.getByLabel('Expiry')).toHaveValue('12 / 40');
  await page.getByLabel('CVC').pressSequentially('123');

  await expect(page.getByText('Subscribe with VISA ending in 4242')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Payment Method' })).toBeVisible();
  await page.getByRole('button', { name: 'CONFIRM' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Welcome' })).toContainText(
    /Your subscription is active until .+ and will automatically renew\./,
  );
  // Back where the author came from: the settings, which now show the subscription.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('switch', { name: 'Auto-Renew Subscription' })).toBeChecked();
  await expect(page.getByText('Subscribed via Visa ending in 4242')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/stories/${story.story_id}`));
  await expect(page.getByRole('button', { name: 'Export' })).toBeEnabled();
  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  await expect(page.getByRole('complementary', { name: 'Chapters and layout' })).toBeVisible();
  await expect(page.getByText('For subscribers')).toHaveCount(0);
});

test('a declined card shows the provider’s message and subscribes nobody', async ({ page }) => {
  await page.goto('/subscribe');

  await enterCard(page, '4000 0000 0000 0002');

  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'CONFIRM' })).toHaveCount(0);
  const user = (await (await page.request.get('/api/user')).json()) as { subscription_id: string };
  expect(user.subscription_id).toBe('');
});

test('auto-renewal turns off and on again from the settings', async ({ page }) => {
  await page.goto('/settings');
  await subscribeThroughApi(page);
  await page.reload();
  const toggle = page.getByRole('switch', { name: 'Auto-Renew Subscription' });
  await expect(toggle).toBeChecked();

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await page.reload();
  await expect(toggle).not.toBeChecked();

  await toggle.click();
  await expect(toggle).toBeChecked();
});

test('a free author’s Subscribe toggle leads to /subscribe', async ({ page }) => {
  await page.goto('/settings');

  await page.getByRole('switch', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/subscribe$/);
});

test('/payment replaces the card, and sends an author without a customer to /subscribe', async ({ page }) => {
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/subscribe$/);

  await subscribeThroughApi(page);
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Update your Card' })).toBeVisible();
  await expect(page.getByText(/Current card: Visa ending in 4242/)).toBeVisible();

  await enterCard(page, '5555 5555 5555 4444');

  await expect(page.getByText('Your payment method was successfully updated.')).toBeVisible();
  await expect(page.getByText(/Current card: Mastercard ending in 4444/)).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByText('Subscribed via Mastercard ending in 4444')).toBeVisible();
});
