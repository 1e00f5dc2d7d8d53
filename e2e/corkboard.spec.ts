import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { addChapterThroughApi, createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';

const cardTitles = (page: Page) =>
  page
    .getByRole('list', { name: 'Chapter cards' })
    .getByRole('listitem')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));

test('an author reaches the corkboard from the workspace, writes a synopsis, sets a stage, drags a card, filters, and reads it on a phone', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('corkboard'));
  const story = await createStoryThroughApi(page, { title: 'The Salt Road' });
  const firstId = story.chapters[0]!.id;
  await addChapterThroughApi(page, story.story_id, 'The Well');
  const stormId = await addChapterThroughApi(page, story.story_id, 'Sandstorm');
  await saveParagraphsThroughApi(page, story.story_id, stormId, [
    'The sand rose like a wall over the caravan.',
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${firstId}`);

  await page.getByRole('navigation', { name: 'Document' }).getByRole('button', { name: 'Corkboard' }).click();
  await expect(page).toHaveURL(`/stories/${story.story_id}/corkboard`);
  const storm = page.getByRole('listitem', { name: 'Sandstorm' });
  await expect(storm).toContainText('9 words');
  const saved = (path: string) =>
    page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith(path),
    );
  const chapterSaves = Promise.all([saved(`/chapters/${stormId}`), saved(`/chapters/${stormId}`)]);
  await storm.getByRole('textbox', { name: 'Synopsis of Sandstorm' }).fill('The storm buries the road.');
  await page.keyboard.press('Tab');
  await storm.getByRole('combobox', { name: 'Stage of Sandstorm' }).selectOption('final');
  await chapterSaves;
  const reorder = saved('/chapters');
  await storm.dragTo(page.getByRole('listitem', { name: 'Chapter 1' }));
  await expect.poll(() => cardTitles(page)).toEqual(['Sandstorm', 'Chapter 1', 'The Well']);
  await reorder;

  // What the server kept: a fresh load shows the order, the synopsis and the stage.
  await page.reload();
  await expect.poll(() => cardTitles(page)).toEqual(['Sandstorm', 'Chapter 1', 'The Well']);
  await expect(storm.getByRole('textbox', { name: 'Synopsis of Sandstorm' })).toHaveValue(
    'The storm buries the road.',
  );
  await page.getByRole('combobox', { name: 'Show stage' }).selectOption('final');
  await expect.poll(() => cardTitles(page)).toEqual(['Sandstorm']);
  await page.getByRole('combobox', { name: 'Show stage' }).selectOption('all');

  // A phone: one column of cards as wide as the list.
  await page.setViewportSize({ width: 375, height: 812 });
  const list = await page.getByRole('list', { name: 'Chapter cards' }).boundingBox();
  const cards = await page
    .getByRole('list', { name: 'Chapter cards' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
  expect(cards.map((card) => [Math.round(card.x), Math.round(card.width)])).toEqual(
    cards.map(() => [Math.round(list!.x), Math.round(list!.width)]),
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await storm.getByRole('link', { name: 'Sandstorm' }).click();
  await expect(page).toHaveURL(`/stories/${story.story_id}?chapter=${stormId}`);
});
