import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { sameOriginHeaders } from './fixtures/app-origin';
import { openOutlineBranch } from './fixtures/outline';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { saveParagraphsThroughApi } from './fixtures/story-text';
import {
  addChapterThroughApi,
  createAssociationsThroughApi,
  createStoryThroughApi,
} from './fixtures/stories';
import { subscribeThroughApi } from './fixtures/subscription';

/**
 * axe-core over the whole page as it is shown: WCAG 2.0/2.1 A and AA rules (colour contrast among them) in the
 * light scheme; in the dark one only colour contrast, the one thing a scheme changes. The page is not reloaded
 * between the two: the app follows the system's scheme as it changes.
 */
async function accessibilityViolations(page: Page, what: string) {
  const found = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(new RegExp(colorScheme));
    // The page as it settles: a button still fading from its disabled colour read 4.48:1 once. Endless
    // animations (a spinner) are not waited for, and one cancelled meanwhile is as good as over.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const builder = new AxeBuilder({ page });
    const results = await (
      colorScheme === 'light'
        ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        : builder.withRules(['color-contrast'])
    ).analyze();
    found.push(
      ...results.violations.map(({ id, nodes }) => ({
        page: `${what}, ${colorScheme}`,
        id,
        nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      })),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

const ASSOCIATIONS = [
  { association_name: 'Mara', association_type: 'character' },
  { association_name: 'Eastwatch', association_type: 'place' },
  { association_name: 'the Flood', association_type: 'event' },
  { association_name: 'the Lantern', association_type: 'item' },
];

// The scheme follows the system's (an author who never chose one), which the test switches on each page.
test('every page keeps WCAG AA (text contrast included) in the light and the dark scheme', async ({
  page,
}) => {
  // Thirteen pages scanned in both schemes: a bound against a hang, not a speed target.
  test.setTimeout(150_000);
  // Gathered over every page and reported together, so one run names everything to fix.
  const violations: Awaited<ReturnType<typeof accessibilityViolations>> = [];
  const check = async (what: string) => violations.push(...(await accessibilityViolations(page, what)));
  await page.goto('/');
  await check('landing');
  await page.goto('/signin');
  await expect(page.getByRole('link', { name: 'Sign in with Google' })).toBeVisible();
  await check('sign-in');

  await signIn(page, uniqueEmail('accessibility'));
  const headers = sameOriginHeaders(page);
  await subscribeThroughApi(page);
  const story = await createStoryThroughApi(page, { title: 'The Night Shift', seriesTitle: 'Eastwatch' });
  const storyId = story.story_id;
  const firstChapter = story.chapters[0]!.id;
  const secondChapter = await addChapterThroughApi(page, storyId, 'The Crossing');
  await createAssociationsThroughApi(page, storyId, ASSOCIATIONS);
  await saveParagraphsThroughApi(page, storyId, firstChapter, [
    'Mara carried the Lantern out of Eastwatch the night before the Flood.',
  ]);
  // A version, then a change: the comparison has added and removed words.
  expect(
    (
      await page.request.post(`/api/stories/${storyId}/chapters/${firstChapter}/versions`, {
        data: { name: 'First draft' },
        headers,
      })
    ).status(),
  ).toBe(201);
  await saveParagraphsThroughApi(page, storyId, firstChapter, [
    'Mara carried the Lantern out of Eastwatch the morning after the Flood.',
    'Nobody in Eastwatch spoke of the Flood again.',
  ]);
  await saveParagraphsThroughApi(page, storyId, secondChapter, ['Mara crossed alone.']);
  // An outline with a chapter in its first section: the flyout's dots and chips.
  expect(
    (await page.request.post('/api/outline', { data: { storyID: storyId, type: 'threeAct' }, headers })).ok(),
  ).toBe(true);
  expect(
    (
      await page.request.put('/api/outline', {
        data: { storyID: storyId, section: { place: 1, chapters: [firstChapter] } },
        headers,
      })
    ).ok(),
  ).toBe(true);
  // A daily goal: the chart's goal line and its label.
  expect((await page.request.put('/api/user', { data: { daily_goal: 12 }, headers })).ok()).toBe(true);
  const seriesId = (
    (await (await page.request.get('/api/series')).json()) as { series_id: string; series_title: string }[]
  ).find((series) => series.series_title === 'Eastwatch')?.series_id;
  expect(seriesId, 'the series made with the story').toBeDefined();

  await page.goto('/stories');
  await expect(page.getByRole('article', { name: 'Eastwatch' })).toBeVisible();
  await check('story list');

  await page.goto(`/stories/${storyId}?chapter=${firstChapter}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  for (const type of ['character', 'place', 'event', 'item']) {
    await expect(editor.locator(`[data-association-type="${type}"]`).first()).toBeVisible();
  }
  await openOutlineBranch(page);
  await expect(page.getByRole('button', { name: 'Act I: Setup', exact: true })).toBeVisible();
  await check('outline');
  await page.getByRole('button', { name: 'Close chapters and layout' }).click();

  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const versions = page.getByRole('complementary', { name: 'Versions', exact: true });
  await versions.getByRole('button', { name: /First draft/ }).click();
  const comparison = versions.getByRole('region', { name: 'Compared with the current text' });
  await expect(comparison.locator('ins').first()).toBeVisible();
  await check('versions comparison');

  await editor.locator('[data-association-type="character"]').first().click();
  await expect(page.getByRole('complementary', { name: 'Character Mara' })).toBeVisible();
  await check('workspace with an association open');

  await page.goto(`/stories/${storyId}/corkboard`);
  await expect(page.getByRole('listitem', { name: 'The Crossing' })).toBeVisible();
  await check('corkboard');

  await page.goto(`/stories/${storyId}/bible`);
  await expect(page.getByRole('table', { name: 'Mentions per chapter' })).toBeVisible();
  await check('story bible');

  // The first chapter dated, the second following it: a filled mark, a dashed one and a lane on the chart.
  expect(
    (
      await page.request.put(`/api/stories/${storyId}/chapters/${firstChapter}/time`, {
        data: { start: { year: 1018, month: 3, day: 3 } },
        headers,
      })
    ).ok(),
  ).toBe(true);
  await page.goto(`/stories/${storyId}/timeline`);
  await expect(page.getByRole('listitem', { name: '2. The Crossing' })).toContainText(
    'Follows the previous chapter',
  );
  await check('timeline');

  await page.goto('/progress');
  await expect(page.getByRole('figure', { name: /Words per day/ })).toContainText('Daily goal');
  await check('progress');

  await page.goto('/settings');
  await expect(page.getByRole('radio', { name: 'Follow the system' })).toBeChecked();
  await check('settings');

  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await check('subscribe');

  await page.goto(`/series/${seriesId}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit Series' })).toBeVisible();
  await check('series');

  expect(violations).toEqual([]);
});
