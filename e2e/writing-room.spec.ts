import { expect, test } from '@playwright/test';
import { openNewChapter, typeParagraphs } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { saveParagraphsThroughApi } from './fixtures/story-text';
import {
  addChapterThroughApi,
  createAssociationsThroughApi,
  createStoryThroughApi,
} from './fixtures/stories';

const ASSOCIATIONS = [
  { association_name: 'Mara', association_type: 'character' },
  { association_name: 'Eastwatch', association_type: 'place' },
  { association_name: 'the Flood', association_type: 'event' },
  { association_name: 'the Lantern', association_type: 'item' },
];

// Contrast in both schemes, on every page, is checked by accessibility.spec.ts.
test('dark mode is chosen in the settings and kept with the account', async ({ page }) => {
  await signIn(page, uniqueEmail('dark-mode'));
  const story = await createStoryThroughApi(page, { title: 'The Night Shift' });
  await createAssociationsThroughApi(page, story.story_id, ASSOCIATIONS);
  const chapterId = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, chapterId, [
    'Mara carried the Lantern out of Eastwatch the night before the Flood.',
    'Nobody in Eastwatch spoke of the Flood again.',
  ]);
  const workspace = `/stories/${story.story_id}?chapter=${chapterId}`;
  const html = page.locator('html');

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  await expect(html).toHaveClass(/light/);
  await expect(page.getByRole('radio', { name: 'Follow the system' })).toBeChecked();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveClass(/dark/);

  // The choice outlasts the system's light scheme, on every page.
  await page.goto(workspace);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  for (const type of ['character', 'place', 'event', 'item']) {
    await expect(editor.locator(`[data-association-type="${type}"]`).first()).toBeVisible();
  }
  await expect(html).toHaveClass(/dark/);

  // Kept with the account: another browser (no stored mode) opens in dark too.
  const user = await (await page.request.get('/api/user')).json();
  expect(user.theme).toBe('dark');
});

test('focus mode hides the chrome, keeps the save status in sight, and Esc brings everything back', async ({
  page,
}) => {
  const { editor, saveStatus } = await openNewChapter(page, 'focus-mode');
  const chrome = [
    page.getByRole('banner'),
    page.getByRole('toolbar', { name: 'Chapter formatting' }),
    page.getByRole('navigation', { name: 'Document' }),
  ];

  await page.getByRole('button', { name: 'Focus mode' }).click();

  for (const part of chrome) await expect(part).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(saveStatus).toBeVisible();
  await typeParagraphs(page, editor, ['In the quiet, the words came.']);
  await expect(editor).toContainText('In the quiet, the words came.');

  await page.keyboard.press('Escape');

  for (const part of chrome) await expect(part).toBeVisible();
});

test('Ctrl+/ lists the shortcuts, and the listed shortcuts work', async ({ page }) => {
  const { storyId, chapterId, editor } = await openNewChapter(page, 'shortcuts');
  const secondChapterId = await addChapterThroughApi(page, storyId, 'Chapter 2');
  await page.reload();
  await expect(editor).toBeVisible();

  await editor.click();
  await page.keyboard.press('Control+/');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const [action, keys] of [
    ['Bold', 'Ctrl+B'],
    ['Strikethrough', 'Ctrl+Shift+X'],
    ['Next chapter', 'Alt+Shift+↓'],
    ['Focus mode', 'Ctrl+Shift+Enter'],
    ['Find in the chapter', 'Ctrl+F'],
  ]) {
    await expect(dialog.getByRole('row', { name: `${action} ${keys}` })).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Bold, strikethrough and centring on typed text.
  await typeParagraphs(page, editor, ['Bold words']);
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+b');
  await expect(editor.locator('strong, .lw-text-bold')).toHaveText('Bold words');
  await page.keyboard.press('Control+Shift+x');
  await expect(editor.locator('.lw-text-strikethrough')).toHaveText('Bold words');
  await page.keyboard.press('Control+Shift+e');
  await expect(editor.locator('p').first()).toHaveCSS('text-align', 'center');

  // Focus mode by its shortcut.
  await page.keyboard.press('Control+Shift+Enter');
  await expect(page.getByRole('banner')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner')).toBeVisible();

  // Next and previous chapter.
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect(page).toHaveURL(new RegExp(`chapter=${secondChapterId}`));
  await page.keyboard.press('Alt+Shift+ArrowUp');
  await expect(page).toHaveURL(new RegExp(`chapter=${chapterId}`));
  await expect(editor).toHaveText('Bold words');

  // '?' outside a text field opens the list too. The opened chapter takes the focus once shown, which may be
  // after the button had it: the button is focused again until '?' lands there.
  const focusModeButton = page.getByRole('button', { name: 'Focus mode' });
  await expect(async () => {
    await focusModeButton.focus();
    await page.keyboard.press('?');
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
});
