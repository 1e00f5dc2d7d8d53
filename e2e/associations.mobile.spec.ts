import { expect, test } from '@playwright/test';
import { paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createAssociationsThroughApi, createStoryThroughApi } from './fixtures/stories';

// The narrowest phone the product is designed for.
test.use({ viewport: { width: 375, height: 740 } });

test('on a 375 px phone, tapping a mention opens the association panel over the whole width', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('assoc-phone'));
  const story = await createStoryThroughApi(page, {
    title: 'Story on a phone',
    description: 'A story read on a small screen.',
  });
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Lothlórien', association_type: 'place' },
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${story.chapters[0]!.id}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  await typeParagraphs(page, editor, ['They rested in Lothlórien for a month.']);
  await waitUntilSaved(page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ }));
  const mention = editor.locator('[data-association-id]');
  await expect(mention).toHaveText(['Lothlórien']);

  await mention.tap();

  const panel = page.getByRole('dialog', { name: 'Place Lothlórien' });
  await expect(panel.getByRole('textbox', { name: 'Summary' })).toBeEditable();
  expect((await panel.boundingBox())!.width).toBeCloseTo(375, 0);
  await panel.getByRole('button', { name: 'Close association panel' }).click();
  await expect(panel).toBeHidden();
  await expect(paragraphs(editor)).toHaveText(['They rested in Lothlórien for a month.']);
});
