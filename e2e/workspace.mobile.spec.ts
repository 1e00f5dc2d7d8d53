import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { addChapterThroughApi, createStoryThroughApi } from './fixtures/stories';

test.use({ viewport: { width: 375, height: 740 } });

test('on a 375 px phone the flyout covers the width and gives way once a chapter is chosen', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('workspace-phone'));
  const story = await createStoryThroughApi(page, {
    title: 'The Salt Road',
    description: 'A caravan crosses the desert.',
  });
  await addChapterThroughApi(page, story.story_id, 'The Oasis');
  await page.goto(`/stories/${story.story_id}`);

  await page.getByRole('button', { name: 'Chapters and layout' }).click();
  const flyout = page.getByRole('dialog', { name: 'Chapters and layout' });
  await expect(flyout).toBeVisible();
  expect((await flyout.boundingBox())?.width).toBeCloseTo(375, 0);
  await flyout.getByRole('button', { name: 'The Oasis', exact: true }).click();

  await expect(flyout).toBeHidden();
  await expect(page.getByRole('button', { name: /^Chapter title: The Oasis\./ })).toBeVisible();
  await page.getByRole('button', { name: 'Document settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Document Settings' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Focus mode's way out sits above the text, covering none of it.
  await page.getByRole('button', { name: 'Focus mode' }).tap();
  const leave = (await page.getByRole('button', { name: 'Leave focus mode' }).boundingBox())!;
  const text = (await page.getByRole('textbox', { name: 'Chapter text' }).boundingBox())!;
  expect(leave.y + leave.height).toBeLessThanOrEqual(text.y);
});
