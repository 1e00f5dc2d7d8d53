import { expect, test, type Page } from '@playwright/test';
import { waitUntilSaved } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { addChapterThroughApi, createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';

/** Paragraphs enough to push the last one far below the fold. */
const filler = (count: number) =>
  Array.from({ length: count }, (_, index) => `The rain fell on the moor, hour ${index + 1}, without end.`);

const PHONE = { width: 375, height: 740 };

/** How many ranges the find bar has painted (the CSS Custom Highlight API; Chromium has it). */
const highlightedMatches = (page: Page) =>
  page.evaluate(() => CSS.highlights.get('lw-find-match')?.size ?? 0);

test('find in a chapter with Ctrl+F, step through the matches, replace all, and the text is saved', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('find-in-chapter'));
  const story = await createStoryThroughApi(page, { title: 'Wuthering Heights' });
  const chapterId = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, chapterId, [
    'On Tuesday the rain began.',
    ...filler(40),
    'By tuesday night, Tuesday was over.',
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${chapterId}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  const saveStatus = page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ });
  await editor.click();

  await page.keyboard.press('Control+f');
  const findBar = page.getByRole('search', { name: 'Find in chapter' });
  await expect(findBar.getByRole('textbox', { name: 'Find' })).toBeFocused();
  await page.keyboard.type('Tuesday');
  await expect(findBar.getByText('1 of 3')).toBeVisible();
  await expect.poll(() => highlightedMatches(page)).toBe(3);

  await page.keyboard.press('Enter');
  await expect(findBar.getByText('2 of 3')).toBeVisible();
  await expect(editor.locator('p', { hasText: 'By tuesday night' })).toBeInViewport();
  await page.screenshot({ path: 'test-results/find-replace/find-bar-desktop.png' });
  await page.keyboard.press('Shift+Enter');
  await expect(findBar.getByText('1 of 3')).toBeVisible();
  await expect(editor.locator('p', { hasText: 'On Tuesday the rain began.' })).toBeInViewport();

  await findBar.getByLabel('Match case').check();
  await expect(findBar.getByText('1 of 2')).toBeVisible();

  await page.keyboard.press('Control+h');
  await expect(findBar.getByRole('textbox', { name: 'Replace with' })).toBeFocused();
  await page.keyboard.type('Friday');
  await findBar.getByRole('button', { name: 'Replace all' }).click();
  await expect(findBar.getByText('Replaced 2 matches')).toBeVisible();
  await expect(editor.locator('p', { hasText: 'the rain began.' })).toHaveText('On Friday the rain began.');
  await expect(editor.locator('p', { hasText: 'By tuesday night' })).toHaveText(
    'By tuesday night, Friday was over.',
  );
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: 'test-results/find-replace/find-bar-phone.png' });

  await findBar.getByRole('textbox', { name: 'Find' }).press('Escape');
  await expect(findBar).toBeHidden();
  await expect(editor).toBeFocused();
  await expect.poll(() => highlightedMatches(page)).toBe(0);

  await waitUntilSaved(saveStatus);
  await page.reload();
  await expect(editor.locator('p', { hasText: 'the rain began.' })).toHaveText('On Friday the rain began.');
  await expect(editor.locator('p', { hasText: 'By tuesday night' })).toHaveText(
    'By tuesday night, Friday was over.',
  );
});

test('the story-wide search opens a chapter at the match, and replaces across the story', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('search-story'));
  const story = await createStoryThroughApi(page, { title: 'Jane Eyre' });
  const first = story.chapters[0]!.id;
  const second = await addChapterThroughApi(page, story.story_id, 'Thornfield');
  await saveParagraphsThroughApi(page, story.story_id, first, ['There was no walking that Tuesday.']);
  await saveParagraphsThroughApi(page, story.story_id, second, [
    ...filler(60),
    'On Tuesday a rider fell on the icy causeway.',
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${first}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  await expect(editor).toContainText('Tuesday');

  await page.keyboard.press('Control+Shift+F');
  const panel = page.getByRole('complementary', { name: 'Search' });
  await panel.getByRole('textbox', { name: 'Search the story' }).fill('tuesday');
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(panel.getByText('2 matches in 2 chapters')).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Thornfield' }).locator('mark')).toHaveText('Tuesday');
  await page.screenshot({ path: 'test-results/find-replace/search-panel-desktop.png' });

  await panel
    .getByRole('region', { name: 'Thornfield' })
    .getByRole('button', { name: /On Tuesday a rider fell/ })
    .click();

  await expect(page).toHaveURL(new RegExp(`chapter=${second}`));
  const matched = editor.locator('p', { hasText: 'On Tuesday a rider fell' });
  await expect(matched).toBeInViewport();
  await expect(matched).toHaveClass(/lw-flashed/);

  await panel.getByRole('textbox', { name: 'Replace with' }).fill('Wednesday');
  await panel.getByRole('button', { name: 'Replace all in story' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Replace all in story' });
  await expect(confirm).toContainText(
    'Replace “tuesday” with “Wednesday”? It appears 2 times, in 2 chapters.',
  );
  await confirm.getByRole('button', { name: 'Replace all' }).click();
  await expect(panel.getByText('Replaced 2 matches in 2 chapters.')).toBeVisible();
  await expect(panel.getByText('No matches found in this story.')).toBeVisible();
  // The open chapter was reloaded with the new text.
  await expect(editor.locator('p', { hasText: 'On Wednesday a rider fell' })).toBeAttached();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the search panel covers the page, and a match closes it and opens its chapter there', async ({
    page,
  }) => {
    await signIn(page, uniqueEmail('search-phone'));
    const story = await createStoryThroughApi(page, { title: 'Villette' });
    const first = story.chapters[0]!.id;
    const second = await addChapterThroughApi(page, story.story_id, 'The Storm');
    await saveParagraphsThroughApi(page, story.story_id, first, ['Nothing to find here.']);
    await saveParagraphsThroughApi(page, story.story_id, second, [
      ...filler(30),
      'The storm broke over the Channel at midnight.',
    ]);
    await page.goto(`/stories/${story.story_id}?chapter=${first}`);
    const editor = page.getByRole('textbox', { name: 'Chapter text' });
    await expect(editor).toContainText('Nothing to find here.');

    await page.getByRole('navigation', { name: 'Document' }).getByRole('button', { name: 'Search' }).click();
    // Not docked on a phone: the panel is a dialog over the page.
    const panel = page.getByRole('dialog', { name: 'Search' });
    await panel.getByRole('textbox', { name: 'Search the story' }).fill('Channel');
    await panel.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(panel.getByText('1 match in 1 chapter')).toBeVisible();
    await page.screenshot({ path: 'test-results/find-replace/search-panel-phone.png' });

    await panel.getByRole('button', { name: /The storm broke over the Channel/ }).click();

    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`chapter=${second}`));
    const matched = editor.locator('p', { hasText: 'The storm broke over the Channel' });
    await expect(matched).toBeInViewport();
    await page.screenshot({ path: 'test-results/find-replace/search-match-phone.png' });
  });
});
