import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import {
  addChapterThroughApi,
  createAssociationsThroughApi,
  createStoryThroughApi,
} from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';

/** Dates a chapter with its dialog, opened from the list under the chart (the keyboard's and the phone's way). */
async function dateChapter(
  page: Page,
  chapterName: string,
  date: { year: string; month: string; day: string },
  options: { flashback?: boolean } = {},
) {
  await page
    .getByRole('list', { name: /^Chapters in/ })
    .getByRole('button', { name: chapterName })
    .click();
  const dialog = page.getByRole('dialog', { name: `Time of ${chapterName}` });
  const start = dialog.getByRole('group', { name: 'Start' });
  await start.getByRole('textbox', { name: 'Year' }).fill(date.year);
  await start.getByRole('combobox', { name: 'Month' }).selectOption({ label: date.month });
  await start.getByRole('textbox', { name: 'Day' }).fill(date.day);
  if (options.flashback) await dialog.getByRole('checkbox', { name: /^Flashback/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

const listedNames = (page: Page) =>
  page
    .getByRole('list', { name: /^Chapters in/ })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

test('an author sets a calendar, dates the chapters, sees the flashback and drags a chapter to a new date', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('timeline'));
  const story = await createStoryThroughApi(page, { title: 'The Long Winter' });
  const storyId = story.story_id;
  const opening = `1. ${story.chapters[0]!.title}`;
  const secondId = await addChapterThroughApi(page, storyId, 'The Thaw');
  await addChapterThroughApi(page, storyId, 'Before the Snow');
  await createAssociationsThroughApi(page, storyId, [
    { association_name: 'Mara', association_type: 'character' },
  ]);
  await saveParagraphsThroughApi(page, storyId, secondId, ['Mara walked out onto the melting ice.']);

  await page.goto(`/stories/${storyId}/bible`);
  await page.getByRole('link', { name: 'Timeline' }).click();
  await expect(page.getByText('No chapter is dated yet.')).toBeVisible();

  // A calendar of the story's own: two months of 30 days, years written 'A.W.'.
  await page.getByRole('button', { name: 'Calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Calendar' });
  await calendar.getByRole('textbox', { name: 'Name of month 1' }).fill('Frostmoon');
  await calendar.getByRole('button', { name: 'Add month' }).click();
  await calendar.getByRole('textbox', { name: 'Name of month 2' }).fill('Thawmoon');
  await calendar.getByRole('textbox', { name: 'Epoch name' }).fill('A.W.');
  await calendar.getByRole('button', { name: 'Save' }).click();
  await expect(calendar).toBeHidden();
  await expect(page.getByText('A calendar of its own: 2 months, years A.W.')).toBeVisible();

  // The calendar's own words for a day it does not have, beside the form.
  const refused = await dateChapter(page, opening, { year: '300', month: 'Frostmoon', day: '31' });
  await expect(refused.getByRole('alert')).toHaveText('Frostmoon 300 A.W. has 30 days.');
  await refused.getByRole('button', { name: 'Cancel' }).click();

  await expect(await dateChapter(page, opening, { year: '300', month: 'Frostmoon', day: '12' })).toBeHidden();
  await expect(
    await dateChapter(page, '2. The Thaw', { year: '300', month: 'Thawmoon', day: '5' }),
  ).toBeHidden();
  await expect(
    await dateChapter(
      page,
      '3. Before the Snow',
      { year: '299', month: 'Frostmoon', day: '2' },
      { flashback: true },
    ),
  ).toBeHidden();

  await page.getByRole('button', { name: 'Story time' }).click();
  await expect.poll(() => listedNames(page)).toEqual(['3. Before the Snow', opening, '2. The Thaw']);
  await page.getByRole('button', { name: 'Reading order' }).click();
  await expect.poll(() => listedNames(page)).toEqual([opening, '2. The Thaw', '3. Before the Snow']);
  const flashback = page.getByRole('listitem', { name: '3. Before the Snow' });
  await expect(flashback.getByText('Flashback', { exact: true })).toBeVisible();
  await expect(flashback).toContainText('2 Frostmoon 299 A.W.');
  const chart = page.getByRole('figure', { name: 'Timeline chart' });
  await expect(chart.getByText('Mara')).toBeVisible();

  // Drag 'The Thaw' earlier along the story-time axis: a new date, kept after a reload.
  await page.getByRole('button', { name: 'Story time' }).click();
  const thaw = page.getByRole('listitem', { name: '2. The Thaw' });
  await expect(thaw).toContainText('5 Thawmoon 300 A.W.');
  // The chart library hides its SVG from the accessibility tree (the list is the accessible way): the mark by its id.
  const mark = chart.locator(`[data-chapter-id="${secondId}"]`);
  const box = (await mark.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(thaw).not.toContainText('5 Thawmoon 300 A.W.');
  const moved = (await thaw.locator('.MuiListItemText-secondary').textContent())!;
  expect(moved).toMatch(/^\d+ (Frostmoon|Thawmoon) 300 A\.W\.$/);
  await page.reload();
  await expect(page.getByRole('listitem', { name: '2. The Thaw' })).toContainText(moved);
  await page.screenshot({ path: 'test-results/timeline/timeline-desktop.png', fullPage: true });

  // On a phone the chart scrolls inside its own box, not the page, and the list still opens each chapter's time.
  await page.setViewportSize({ width: 375, height: 812 });
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth!);
  await page
    .getByRole('list', { name: /^Chapters in/ })
    .getByRole('button', { name: opening })
    .click();
  await expect(page.getByRole('dialog', { name: `Time of ${opening}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/timeline/timeline-phone-dialog.png' });
});
