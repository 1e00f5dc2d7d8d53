import { expect, test } from '@playwright/test';
import { openNewChapter, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';

/**
 * Issue 26 §3: the page's first script draws what a phone would otherwise wait seconds for, before the app's code
 * has arrived. The app's own code is held back here, so only the first script can have drawn what shows; an async
 * script that ran before the page's body was parsed drew nothing (as the chapter's opening often did).
 */
test('before its code arrives, the page shows the story list with its cover, and a chapter’s opening', async ({
  page,
}) => {
  const { storyId, chapterId, editor, saveStatus } = await openNewChapter(page, 'first-script');
  await typeParagraphs(page, editor, ['It began at the well.', 'Nobody slept that night.']);
  await waitUntilSaved(saveStatus);
  // The story's cover is made in the background: the list is looked at once it has one.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/stories')).json()) as { image_url: string }[])[0]?.image_url,
    )
    .not.toBe('');
  await page.route(/\/assets\/index-[^/]*\.js$/, () => new Promise<void>(() => undefined));
  const frame = page.locator('#app-frame');

  await page.goto('/stories', { waitUntil: 'commit' });

  await expect(frame.locator('h1')).toHaveText('Your Stories');
  await expect(frame.locator('article h3')).toHaveText('Story first-script');
  const cover = frame.locator('article img');
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(cover).toBeInViewport();

  await page.goto(`/stories/${storyId}?chapter=${chapterId}`, { waitUntil: 'commit' });

  await expect(frame.locator('.app-frame-opening p')).toHaveText([
    'It began at the well.',
    /Nobody slept that night\./,
  ]);
});
