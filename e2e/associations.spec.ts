import { expect, test, type Locator, type Page } from '@playwright/test';
import { openNewChapter, paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';

/** The highlighted mentions of the chapter (spec §3: each carries its association's id). */
function mentions(editor: Locator): Locator {
  return editor.locator('[data-association-id]');
}

/** Selects the first word of a paragraph by double-clicking it, and opens the context menu on it. */
async function rightClickFirstWord(paragraph: Locator): Promise<void> {
  const onFirstWord = { x: 14, y: 12 };
  await paragraph.dblclick({ position: onFirstWord });
  await paragraph.click({ button: 'right', position: onFirstWord });
}

async function createAssociationFromFirstWord(page: Page, paragraph: Locator, kind: string): Promise<void> {
  await rightClickFirstWord(paragraph);
  await page.getByRole('menuitem', { name: 'Create Association' }).click();
  await page.getByRole('menu', { name: 'Create Association' }).getByRole('menuitem', { name: kind }).click();
}

test('an association created from a selection is highlighted everywhere, edited in the panel, and survives a reload', async ({
  page,
}) => {
  const { storyId, chapterId, editor, saveStatus } = await openNewChapter(page, 'assoc-create');
  await typeParagraphs(page, editor, [
    'Frodo left Hobbiton at dawn.',
    'Nobody saw frodo go, not even Mr. Underhill.',
    'Frodosburg is no place for Frodo.',
  ]);
  await waitUntilSaved(saveStatus);

  // Create a character from the selected name: every whole-word, same-case mention lights up.
  await createAssociationFromFirstWord(page, paragraphs(editor).first(), 'Character');
  await expect(mentions(editor)).toHaveText(['Frodo', 'Frodo']);
  await expect(mentions(editor).first()).toHaveAttribute('data-association-type', 'character');
  // The new association's panel opens beside the text, ready for its summary, once the server has made it
  // (the text moves over as it does). Closed, so the mention's own click can open it below.
  const panel = page.getByRole('complementary', { name: 'Character Frodo' });
  await expect(panel.getByRole('textbox', { name: 'Summary' })).toBeFocused();
  await panel.getByRole('button', { name: 'Close association panel' }).click();
  await expect(panel).toBeHidden();

  // Hovering shows the tooltip; without a summary it asks for one.
  await mentions(editor).first().hover();
  await expect(page.getByRole('tooltip')).toContainText('Click on the association to add a description.');

  // Clicking the mention opens the panel on it.
  await mentions(editor).first().click();
  await expect(panel.getByRole('heading', { name: 'Frodo' })).toBeVisible();
  await expect(panel.getByText('Drop an image over the picture to update, or click on it.')).toBeVisible();
  const summary = panel.getByRole('textbox', { name: 'Summary' });
  await expect(summary).toBeEditable();

  await summary.fill('A hobbit of the Shire, and Zoë’s friend.');
  await expect(panel.getByText('Remaining characters: 157')).toBeVisible();
  await summary.blur();

  const aliases = panel.getByRole('textbox', { name: 'Aliases (comma separated)' });
  await aliases.fill('Mr. Underhill, Frodo');
  await aliases.blur();
  await expect(panel.getByRole('alert')).toHaveText(
    'Aliases cannot contain the original name or any duplicates.',
  );
  await expect(mentions(editor)).toHaveText(['Frodo', 'Frodo']);

  await aliases.fill('Mr. Underhill');
  await aliases.blur();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(mentions(editor)).toHaveText(['Frodo', 'Mr. Underhill', 'Frodo']);

  await panel.getByRole('checkbox', { name: 'Case-Sensitive' }).uncheck();
  await expect(mentions(editor)).toHaveText(['Frodo', 'frodo', 'Mr. Underhill', 'Frodo']);

  // Closing saves what changed.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().endsWith(`/api/stories/${storyId}/associations`),
  );
  await panel.getByRole('button', { name: 'Close association panel' }).click();
  expect((await saved).ok()).toBe(true);
  await expect(panel).toBeHidden();

  // A mention typed now is saved inside its new paragraph's chunk (which autotab starts with a tab).
  await typeParagraphs(page, editor, ['', 'Then Frodo sang.']);
  await expect(mentions(editor)).toHaveText(['Frodo', 'frodo', 'Mr. Underhill', 'Frodo', 'Frodo']);
  await waitUntilSaved(saveStatus);
  const content = await page.request.get(`/api/stories/${storyId}/content?chapter=${chapterId}`);
  const chunks = ((await content.json()) as { items: { chunk: { Value: string } }[] }).items.map(
    (item) => JSON.parse(item.chunk.Value) as { children: { type: string; text: string }[] },
  );
  expect(chunks.at(-1)!.children.map((child) => `${child.type}:${child.text}`)).toEqual([
    'tab:\t',
    'text:Then ',
    'association:Frodo',
    'text: sang.',
  ]);

  // After a reload everything is still there, and the tooltip shows the saved summary.
  await page.reload();
  await expect(mentions(editor)).toHaveText(['Frodo', 'frodo', 'Mr. Underhill', 'Frodo', 'Frodo']);
  await mentions(editor).nth(2).hover();
  await expect(page.getByRole('tooltip')).toContainText('A hobbit of the Shire, and Zoë’s friend.');
});

test('deleting an association takes its highlights away, for good', async ({ page }) => {
  const { editor, saveStatus } = await openNewChapter(page, 'assoc-delete');
  await typeParagraphs(page, editor, ['Mordor lies east.', 'Nobody walks into Mordor.']);
  await waitUntilSaved(saveStatus);
  await createAssociationFromFirstWord(page, paragraphs(editor).first(), 'Place');
  await expect(mentions(editor)).toHaveText(['Mordor', 'Mordor']);

  await mentions(editor).last().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete Association' }).click();
  const confirmation = page.getByRole('alertdialog', { name: 'Delete association' });
  await expect(confirmation).toContainText('Delete association Mordor?');
  await confirmation.getByRole('button', { name: 'Delete' }).click();

  await expect(mentions(editor)).toHaveCount(0);
  await expect(paragraphs(editor)).toHaveText(['Mordor lies east.', 'Nobody walks into Mordor.']);
  await page.reload();
  await expect(paragraphs(editor)).toHaveText(['Mordor lies east.', 'Nobody walks into Mordor.']);
  await expect(mentions(editor)).toHaveCount(0);
});
