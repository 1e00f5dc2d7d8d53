import { expect, test } from '@playwright/test';
import { sameOriginHeaders } from './fixtures/app-origin';
import { paragraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';
import { saveParagraphsThroughApi, storedParagraphs } from './fixtures/story-text';

const OPENING = 'The keeper counted the ships every night until the lamp went out.';

test('the author shares a story, sees an editor’s comment and suggestion, replies, accepts and resolves', async ({
  page,
  browser,
}) => {
  // Arrange: the author's story with a line of text; an editor joins by a link made in the Share dialog.
  await signIn(page, uniqueEmail('author'), 'Ada Author');
  const story = await createStoryThroughApi(page, { title: 'The Keeper' });
  const chapterId = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, chapterId, [OPENING], 'open');
  await page.goto(`/stories/${story.story_id}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  await expect(paragraphs(editor).first()).toHaveText(OPENING);

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share “The Keeper”' });
  await dialog.getByLabel('They join as').click();
  await page.getByRole('option', { name: /^Editor/ }).click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const link = dialog.getByRole('textbox', { name: 'Link', exact: true });
  await expect(link).toHaveValue(/\/shared\/[a-f0-9]{32}$/);
  const shareId = (await link.inputValue()).split('/').pop()!;

  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  await signIn(editorPage, uniqueEmail('editor'), 'Ed Editor');
  const joined = await editorPage.request.post(`/api/shares/${shareId}/join`, {
    headers: sameOriginHeaders(editorPage),
  });
  expect(joined.status()).toBe(200);
  const anchor = (quote: string) => {
    const start = OPENING.indexOf(quote);
    return {
      key_id: 'open-0',
      exact: quote,
      prefix: OPENING.slice(Math.max(0, start - 32), start),
      suffix: OPENING.slice(start + quote.length, start + quote.length + 32),
      start,
      end: start + quote.length,
    };
  };
  const send = (path: string, data: unknown) =>
    editorPage.request.post(`/api/stories/${story.story_id}/${path}`, {
      data,
      headers: sameOriginHeaders(editorPage),
    });
  expect(
    (
      await send('comments', {
        chapter_id: chapterId,
        anchor: anchor('counted the ships'),
        body: 'How many?',
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await send('suggestions', {
        chapter_id: chapterId,
        anchor: anchor('every night'),
        replacement: 'each dusk',
      })
    ).status(),
  ).toBe(201);
  const position = await editorPage.request.put(`/api/stories/${story.story_id}/reading-position`, {
    data: { chapter_id: chapterId, key_id: 'open-0' },
    headers: sameOriginHeaders(editorPage),
  });
  expect(position.status()).toBe(204);
  await editorContext.close();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Act and assert: the workspace tells of two new things; the panel lists them.
  await page.reload();
  await page.getByRole('button', { name: 'Comments, 2 new' }).click();
  const panel = page.getByRole('complementary', { name: 'Comments' });
  const thread = panel.getByRole('article', { name: 'Comment by Ed Editor' });
  await expect(thread).toContainText('counted the ships');
  await expect(thread).toContainText('How many?');

  await thread.getByLabel('Reply').fill('Forty, give or take.');
  await thread.getByRole('button', { name: 'Reply' }).click();
  await expect(thread).toContainText('Forty, give or take.');

  const suggestion = panel.getByRole('article', { name: 'Suggestion by Ed Editor' });
  await expect(suggestion).toContainText('Replace with: each dusk');
  await suggestion.getByRole('button', { name: 'Accept' }).click();
  const accepted = OPENING.replace('every night', 'each dusk');
  await expect(paragraphs(editor).first()).toHaveText(accepted);
  await expect(suggestion).toHaveCount(0);
  await waitUntilSaved(page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ }));
  expect(await storedParagraphs(page, story.story_id, chapterId)).toContain(accepted);

  await thread.getByRole('button', { name: 'Resolve' }).click();
  await expect(thread).toHaveCount(0);
  await panel.getByRole('button', { name: 'Resolved' }).click();
  await expect(panel.getByRole('article', { name: 'Comment by Ed Editor' })).toContainText(
    'Forty, give or take.',
  );

  // How far the editor read, in the chapter list.
  await page.getByRole('button', { name: 'Chapters and layout', exact: true }).click();
  await expect(page.getByRole('progressbar', { name: /^Ed Editor: \d+% of this chapter$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Chapters and layout', exact: true }).click();

  // The author's own note on selected words.
  await paragraphs(editor).first().click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.getByRole('button', { name: 'Comment on the selected words' }).click();
  await panel.getByRole('textbox', { name: 'Comment' }).fill('Fix this later.');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  const note = panel.getByRole('article', { name: 'Comment by Ada Author' });
  await expect(note).toContainText('Note to self');
  await expect(note).toContainText('The');
});
