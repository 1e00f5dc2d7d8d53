import { expect, test } from '@playwright/test';
import { chapterRow } from './fixtures/outline';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';

test('a free account sees the Outline branch disabled and its chapters unassigned', async ({ page }) => {
  await signIn(page, uniqueEmail('outline-free'));
  const story = await createStoryThroughApi(page, { title: 'The Salt Road' });
  await page.goto(`/stories/${story.story_id}`);

  await page.getByRole('button', { name: 'Chapters and layout' }).click();

  await expect(page.getByRole('button', { name: /^Outline/ })).toBeDisabled();
  await chapterRow(page, 'Chapter 1').getByText('—').hover();
  await expect(page.getByRole('tooltip', { name: 'Not assigned to an outline' })).toBeVisible();
});
