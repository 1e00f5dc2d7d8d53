import { expect, test, type Page } from '@playwright/test';
import { paragraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import {
  addChapterThroughApi,
  createAssociationsThroughApi,
  createStoryThroughApi,
} from './fixtures/stories';
import { saveParagraphsThroughApi, storedParagraphs } from './fixtures/story-text';

/**
 * Issue 26 §1, done when: install the app, go offline, open it, open a kept chapter, write, come back online,
 * everything saved. The service worker serves the app's shell; the story list, the story, its associations and
 * the chapter come from what the browser kept in IndexedDB when they were last opened.
 */
test.use({ serviceWorkers: 'allow' });

/** The app is installed once its service worker controls the page and has precached the shell. */
async function installed(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), {
      timeout: 30_000,
    })
    .toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('installed and opened offline: the story list, a kept chapter with its highlights, writing that is saved once online', async ({
  page,
  context,
}) => {
  await signIn(page, uniqueEmail('offline'));
  const story = await createStoryThroughApi(page, { title: 'Written on a train' });
  const keptChapter = story.chapters[0]!.id;
  const notKeptChapter = await addChapterThroughApi(page, story.story_id, 'Never opened');
  await saveParagraphsThroughApi(page, story.story_id, keptChapter, ['Mira boarded the night train.']);
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Mira', association_type: 'character' },
  ]);
  const chapterUrl = `/stories/${story.story_id}?chapter=${keptChapter}`;

  await page.goto('/stories');
  await expect(page.getByRole('link', { name: 'Written on a train', exact: true })).toBeVisible();
  await installed(page);
  // Chromium's own verdict on installing it (manifest, icons, service worker): nothing missing but a
  // profile of its own (Playwright's contexts are incognito ones).
  const devtools = await context.newCDPSession(page);
  const manifest = await devtools.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
  await page.goto(chapterUrl);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  await expect(editor.locator('[data-association-id]')).toHaveText(['Mira']);
  const online = await paragraphs(editor).allTextContents();

  await context.setOffline(true);
  await page.goto('/stories');
  await expect(page.getByRole('link', { name: 'Written on a train', exact: true })).toBeVisible();
  await page.goto(`/stories/${story.story_id}?chapter=${notKeptChapter}`);
  await expect(page.getByText(/This chapter is not kept on this device/)).toBeVisible();
  await page.goto(chapterUrl);
  await expect(paragraphs(editor)).toHaveText(online);
  await expect(editor.locator('[data-association-id]')).toHaveText(['Mira']);
  await paragraphs(editor).last().click();
  await page.keyboard.type('Written with the network off.');
  await expect(page.getByRole('status').filter({ hasText: /offline|waiting/i })).toBeVisible();
  // A reload offline keeps what was typed: the queue is in IndexedDB, the chapter kept.
  await page.reload();
  const written = [...online.slice(0, -1), `${online.at(-1)}Written with the network off.`];
  await expect(paragraphs(editor)).toHaveText(written);

  await context.setOffline(false);
  await waitUntilSaved(page.getByRole('status').filter({ hasText: /Saved|Saving|waiting|offline/i }));
  await expect.poll(() => storedParagraphs(page, story.story_id, keptChapter)).toEqual(written);
});
