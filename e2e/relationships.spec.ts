import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import {
  addChapterThroughApi,
  createAssociationsThroughApi,
  createStoryThroughApi,
} from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';
import { subscribeThroughApi } from './fixtures/subscription';

test('the relationship map keeps a suggested edge and replays a relationship that changes across the book', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('relationship-map'));
  await subscribeThroughApi(page);
  const story = await createStoryThroughApi(page, { title: 'Apprentices' });
  const first = story.chapters[0]!.id;
  await addChapterThroughApi(page, story.story_id, 'The Quarrel');
  await saveParagraphsThroughApi(
    page,
    story.story_id,
    first,
    Array.from({ length: 5 }, (_, index) => `Ada taught Grace lesson ${index + 1}.`),
  );
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Ada', association_type: 'character' },
    { association_name: 'Grace', association_type: 'character' },
  ]);
  await page.goto(`/stories/${story.story_id}/bible`);

  await page.getByRole('button', { name: 'Open relationship map' }).click();
  const suggested = page.getByRole('region', { name: 'Suggested relationships' });
  await expect(suggested.getByText('Ada and Grace · 5 paragraphs')).toBeVisible();
  await suggested.getByRole('button', { name: 'Keep' }).click();
  const standing = page.getByRole('region', { name: 'Relationships at this chapter' });
  await expect(standing.getByText('Ada knows Grace')).toBeVisible();

  await page.getByRole('button', { name: 'Add relationship' }).click();
  const dialog = page.getByRole('dialog', { name: 'New relationship' });
  await dialog.getByRole('combobox', { name: 'From', exact: true }).click();
  await page.getByRole('option', { name: 'Grace' }).click();
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('rival of');
  await dialog.getByRole('combobox', { name: 'To', exact: true }).click();
  await page.getByRole('option', { name: 'Ada' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();

  const map = page.getByRole('img', { name: 'Relationship map as of The Quarrel' });
  await expect(map.getByText('rival of')).toBeVisible();
  await expect(standing.getByText('Grace rival of Ada')).toBeVisible();
  await page.screenshot({ path: 'test-results/relationships/map-desktop.png', fullPage: true });

  await page.getByRole('slider').focus();
  await page.keyboard.press('Home');
  await expect(
    page.getByRole('img', { name: 'Relationship map as of Chapter 1' }).getByText('knows'),
  ).toBeVisible();
  await expect(standing.getByText('Ada knows Grace')).toBeVisible();
  await expect(standing.getByText('Grace rival of Ada')).toBeHidden();

  await page.setViewportSize({ width: 375, height: 812 });
  // Nothing wider than the phone: the page does not scroll sideways.
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);
  await page.screenshot({ path: 'test-results/relationships/map-phone.png', fullPage: true });
});
