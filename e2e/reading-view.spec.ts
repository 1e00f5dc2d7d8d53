import { expect, test } from '@playwright/test';
import { sameOriginHeaders } from './fixtures/app-origin';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { addChapterThroughApi, createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';

test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

test('a reader on a phone opens a share link, signs in, reads, comments on words and comes back to the same chapter', async ({
  page,
  browser,
}) => {
  // Arrange: the author's story, two chapters of text, and a reader's link, all through the API.
  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signIn(author, uniqueEmail('author'), 'Ada Author');
  const story = await createStoryThroughApi(author, { title: 'The Lighthouse Keeper' });
  const firstChapter = story.chapters[0]!.id;
  const secondChapter = await addChapterThroughApi(author, story.story_id, 'The Storm');
  await saveParagraphsThroughApi(author, story.story_id, firstChapter, ['The lamp was lit at dusk.']);
  const storm = Array.from({ length: 30 }, (_, index) => `Wave ${index} broke against the rocks below.`);
  storm[20] = 'The keeper climbed the stairs with a lantern in his hand.';
  await saveParagraphsThroughApi(author, story.story_id, secondChapter, storm, 'storm');
  const shared = await author.request.post(`/api/stories/${story.story_id}/shares`, {
    data: { role: 'reader' },
    headers: sameOriginHeaders(author),
  });
  expect(shared.status()).toBe(201);
  const { share_id } = (await shared.json()) as { share_id: string };
  await authorContext.close();

  // Act: the reader opens the link signed out and signs in from it.
  await page.goto(`/shared/${share_id}`);
  await expect(page.getByRole('heading', { name: 'A story has been shared with you' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('reader'));
  await page.getByLabel('Name').fill('Rita Reader');
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Assert: back at the story, to read.
  await expect(page).toHaveURL(new RegExp(`/read/${story.story_id}`));
  await expect(page.getByRole('heading', { name: 'The Lighthouse Keeper', level: 1 })).toBeVisible();
  await expect(page.getByText('by Ada Author')).toBeVisible();
  await expect(page.getByText('The lamp was lit at dusk.')).toBeVisible();

  // The second chapter, from the chapter list, read down to the keeper's paragraph.
  await page.getByRole('button', { name: 'Chapters' }).click();
  await page.getByRole('link', { name: 'The Storm' }).click();
  const keeper = page.locator('[data-key-id="storm-20"]');
  await expect(keeper).toHaveText(storm[20]!);
  const positionSaved = page.waitForResponse(
    (response) => response.url().endsWith('/reading-position') && response.request().method() === 'PUT',
  );
  await keeper.evaluate((element) =>
    window.scrollTo({ top: element.getBoundingClientRect().top + scrollY - 80 }),
  );
  expect((await positionSaved).status()).toBe(204);

  // Words selected in the paragraph (as touch handles leave them), then commented on.
  await keeper.evaluate((element) => {
    const text = element.querySelector('span')!.firstChild!;
    const range = document.createRange();
    range.setStart(text, 'The keeper climbed the stairs with '.length);
    range.setEnd(text, 'The keeper climbed the stairs with a lantern'.length);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  });
  await page
    .getByRole('toolbar', { name: 'Selected words' })
    .getByRole('button', { name: 'Comment' })
    .click();
  await page.getByLabel('Your comment').fill('Which lantern? The lamp was already lit.');
  await page.getByRole('dialog').getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await expect.poll(() => page.evaluate(() => CSS.highlights.get('lw-reading-comment')?.size ?? 0)).toBe(1);
  await page.getByRole('button', { name: /Comments/ }).click();
  const thread = page.getByRole('listitem', { name: 'Comment by Rita Reader' });
  await expect(thread.getByText('a lantern', { exact: true })).toBeVisible();
  await expect(thread.getByText('Which lantern? The lamp was already lit.')).toBeVisible();

  // Coming back without naming a chapter opens the one I stopped in, where I stopped.
  await page.goto(`/read/${story.story_id}`);
  await expect(page.getByRole('heading', { name: 'The Storm', level: 2 })).toBeVisible();
  await expect(keeper).toBeInViewport();
});
