import { expect, test } from '@playwright/test';
import { openNewChapter, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';

// An author far from UTC: the browser sends its zone on load, and "today" is the author's day.
// Reduced motion: the chart is drawn without its animation, so the screenshots show it whole.
test.use({ timezoneId: 'Pacific/Auckland', reducedMotion: 'reduce' });

test('an author sets a daily goal and a story target, writes, and sees the words on the Progress page', async ({
  page,
}) => {
  const chapter = await openNewChapter(page, 'progress');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Progress' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await page.getByRole('textbox', { name: 'Daily goal' }).fill('12');
  await page.getByRole('button', { name: 'Save goal' }).click();
  await expect(page.getByTestId('today-words')).toHaveText('0 / 12 words');

  await page.goBack();
  await page.getByRole('button', { name: 'Document settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Document Settings' });
  await settings.getByRole('textbox', { name: 'Target words' }).fill('100');
  await settings.getByLabel('Deadline').fill('2099-12-31');
  await settings.getByRole('button', { name: 'Done' }).click();
  await typeParagraphs(page, chapter.editor, [
    'The river ran quick and cold under the ice.',
    'Nobody crossed it after dark.',
  ]);
  await waitUntilSaved(chapter.saveStatus);
  const status = page.getByRole('group', { name: 'Word count' });
  await expect(status.getByRole('progressbar', { name: 'Story progress: 14 of 100 words' })).toBeVisible();
  await expect(status).toContainText('Today 14 / 12');
  await page.screenshot({ path: 'test-results/progress/workspace-desktop.png' });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Progress' }).click();

  await expect(page.getByTestId('today-words')).toHaveText('14 / 12 words');
  await expect(page.getByTestId('streak')).toHaveText('1 day');
  await expect(page.getByRole('figure', { name: 'Words per day, last 30 days' })).toBeVisible();
  const stories = page.getByRole('region', { name: 'Stories' });
  await expect(stories.getByRole('progressbar', { name: 'Story progress: 14 of 100 words' })).toBeVisible();
  await expect(stories.getByText('14 / 100 words')).toBeVisible();
  await expect(stories.getByText('Deadline Dec 31, 2099 · 1 word a day needed')).toBeVisible();
  await page.screenshot({ path: 'test-results/progress/progress-desktop.png', fullPage: true });

  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByRole('figure', { name: 'Words per day, last 90 days' })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  const todayLabel = new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'short',
    timeZone: 'Pacific/Auckland',
  }).format(new Date());
  await expect(page.getByRole('figure', { name: 'Words per day, last 90 days' })).toContainText(todayLabel);
  await page.screenshot({ path: 'test-results/progress/progress-phone.png', fullPage: true });
});
