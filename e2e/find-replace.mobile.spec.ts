import { expect, test } from '@playwright/test';
import { waitUntilSaved } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi, storedParagraphs } from './fixtures/story-text';

// The narrowest phone the app is laid out for.
test.use({ viewport: { width: 375, height: 740 } });

test('on a phone, the toolbar’s Find and replace button opens the find bar, which replaces every match', async ({
  page,
}, testInfo) => {
  await signIn(page, uniqueEmail('find-phone'));
  const story = await createStoryThroughApi(page, { title: 'Moorland' });
  const chapterId = story.chapters[0]!.id;
  // Enough text between the two matches that the second is off screen until it is found.
  await saveParagraphsThroughApi(page, story.story_id, chapterId, [
    'On Tuesday the rain began.',
    ...Array.from({ length: 20 }, (_, index) => `The water rose, hour ${index + 1}, in the fields.`),
    'By Tuesday night it had not stopped.',
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${chapterId}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  await expect(editor).toContainText('On Tuesday the rain began.');

  const findButton = page
    .getByRole('toolbar', { name: 'Chapter formatting' })
    .getByRole('button', { name: 'Find and replace' });
  await expect(findButton).toBeInViewport();
  await findButton.tap();

  const findBar = page.getByRole('search', { name: 'Find in chapter' });
  await expect(findBar.getByRole('textbox', { name: 'Find' })).toBeFocused();
  await findBar.getByRole('textbox', { name: 'Find' }).fill('Tuesday');
  await expect(findBar.getByText('1 of 2')).toBeVisible();
  // The next match is shown below the bar, not under it.
  await findBar.getByRole('button', { name: 'Next match' }).tap();
  await expect(findBar.getByText('2 of 2')).toBeVisible();
  const barBottom = await findBar.evaluate((element) => element.getBoundingClientRect().bottom);
  const secondMatch = editor.getByText('By Tuesday night');
  await expect.poll(async () => (await secondMatch.boundingBox())!.y).toBeGreaterThanOrEqual(barBottom);
  await expect(secondMatch).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('find-button-phone.png') });

  await findBar.getByRole('button', { name: 'Show replace' }).tap();
  await findBar.getByRole('textbox', { name: 'Replace with' }).fill('Friday');
  await findBar.getByRole('button', { name: 'Replace all' }).tap();
  await expect(findBar.getByText('Replaced 2 matches')).toBeVisible();
  await waitUntilSaved(page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ }));
  // The new chapter's empty first paragraph stays beside the two saved through the API.
  const stored = await storedParagraphs(page, story.story_id, chapterId);
  expect(stored.filter((text) => /day/.test(text))).toEqual([
    'On Friday the rain began.',
    'By Friday night it had not stopped.',
  ]);
});
