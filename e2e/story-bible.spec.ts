import { expect, test } from '@playwright/test';
import { clickUntilShown } from './fixtures/clicks';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { saveParagraphsThroughApi } from './fixtures/story-text';
import {
  addChapterThroughApi,
  createAssociationsThroughApi,
  createStoryThroughApi,
} from './fixtures/stories';

/** Paragraphs enough to push the last one far below the fold. */
const filler = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => `The road went on and on, mile ${index + 1}, under grey skies.`,
  );

test('the association panel shows where it appears, and a snippet opens that chapter at the mention, flashed', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('appears-in'));
  const story = await createStoryThroughApi(page, { title: 'The Hobbit' });
  const first = story.chapters[0]!.id;
  const second = await addChapterThroughApi(page, story.story_id, 'Roast Mutton');
  await saveParagraphsThroughApi(page, story.story_id, first, ['Bilbo Baggins lived under the Hill.']);
  await saveParagraphsThroughApi(page, story.story_id, second, [
    ...filler(60),
    'At last Bilbo crept towards the trolls’ fire.',
  ]);
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Bilbo', association_type: 'character' },
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${first}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });

  await editor.locator('[data-association-id]').first().click();
  const panel = page.getByRole('complementary', { name: 'Character Bilbo' });
  const appearsIn = panel.getByRole('region', { name: 'Appears in' });
  await expect(appearsIn.getByText('2 mentions in 2 chapters')).toBeVisible();
  await expect(appearsIn.getByRole('region', { name: 'Chapter 1' }).getByText('1 mention')).toBeVisible();
  await page.screenshot({ path: 'test-results/story-bible/appears-in-desktop.png' });

  await appearsIn
    .getByRole('region', { name: 'Roast Mutton' })
    .getByRole('button', { name: /At last Bilbo crept/ })
    .click();

  await expect(page).toHaveURL(new RegExp(`chapter=${second}`));
  const mention = editor.locator('p', { hasText: 'At last Bilbo crept' }).locator('[data-association-id]');
  await expect(mention).toHaveText('Bilbo');
  await expect(mention).toBeInViewport();
  await expect(mention).toHaveClass(/lw-flashed/);
  await page.screenshot({ path: 'test-results/story-bible/mention-flashed-desktop.png' });
});

test('renaming a character with its mentions shows the new name highlighted in the open chapter', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('rename-everywhere'));
  const story = await createStoryThroughApi(page, { title: 'The Fellowship' });
  const first = story.chapters[0]!.id;
  const second = await addChapterThroughApi(page, story.story_id, 'At the Prancing Pony');
  await saveParagraphsThroughApi(page, story.story_id, first, ['Strider watched from the corner.']);
  await saveParagraphsThroughApi(page, story.story_id, second, [
    'Strider spoke at last.',
    'Nobody trusted Strider.',
  ]);
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Strider', association_type: 'character' },
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${first}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  const saveStatus = page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ });

  // A change still in autosave is sent before the rename, and is not lost to it.
  await editor.locator('p', { hasText: 'Strider watched' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' He said nothing.');
  await editor.locator('[data-association-id]').first().click();
  const panel = page.getByRole('complementary', { name: 'Character Strider' });
  await expect(panel.getByText('3 mentions in 2 chapters')).toBeVisible();
  await panel.getByRole('button', { name: 'Rename Strider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename association' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Aragorn');
  const replace = dialog.getByRole('checkbox', { name: 'Also rename the 3 mentions in 2 chapters?' });
  await expect(replace).toBeChecked();
  await page.screenshot({ path: 'test-results/story-bible/rename-desktop.png' });
  await dialog.getByRole('button', { name: 'Rename' }).click();

  await expect(dialog).toBeHidden();
  const renamedPanel = page.getByRole('complementary', { name: 'Character Aragorn' });
  await expect(renamedPanel.getByRole('heading', { name: 'Aragorn' })).toBeVisible();
  await expect(editor.locator('[data-association-id]')).toHaveText(['Aragorn']);
  await expect(editor).toContainText('Aragorn watched from the corner. He said nothing.');
  await expect(saveStatus).toHaveText('Saved');
  await expect(renamedPanel.getByText('3 mentions in 2 chapters')).toBeVisible();
  await page.screenshot({ path: 'test-results/story-bible/renamed-desktop.png' });
});

test('the Story Bible shows every element, the grid of mentions and suggestions, and clicks through to a mention', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('story-bible'));
  const story = await createStoryThroughApi(page, { title: 'The Return of the King' });
  const first = story.chapters[0]!.id;
  const second = await addChapterThroughApi(page, story.story_id, 'The Siege of Gondor');
  await saveParagraphsThroughApi(page, story.story_id, first, [
    'Gandalf rode to Minas Tirith with Pippin.',
    'Pippin had never seen Minas Tirith.',
  ]);
  await saveParagraphsThroughApi(page, story.story_id, second, [
    ...filler(30),
    'Before the walls of Minas Tirith, Gandalf stood alone.',
  ]);
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Gandalf', association_type: 'character' },
    { association_name: 'Pippin', association_type: 'character' },
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${first}`);
  await page
    .getByRole('navigation', { name: 'Document' })
    .getByRole('button', { name: 'Story Bible' })
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Story Bible' })).toBeVisible();
  await expect(page.getByText('2 of 5 associations used on the free plan')).toBeVisible();
  const characters = page.getByRole('region', { name: 'Characters' });
  await expect(characters.getByRole('listitem', { name: 'Gandalf' })).toContainText('2 mentions');
  await expect(characters.getByRole('listitem', { name: 'Pippin' })).toContainText('First in Chapter 1');
  const grid = page.getByRole('table', { name: 'Mentions per chapter' });
  await expect(grid.getByRole('link', { name: 'Gandalf in The Siege of Gondor: 1 mention' })).toBeVisible();
  await expect(grid.getByRole('img', { name: 'Pippin in The Siege of Gondor: 0 mentions' })).toBeVisible();
  const suggestions = page.getByRole('region', { name: 'Suggested elements' });
  await expect(suggestions.getByRole('listitem', { name: 'Minas Tirith' })).toContainText(
    '3 times in 2 chapters',
  );
  await page.screenshot({ path: 'test-results/story-bible/bible-desktop.png', fullPage: true });

  await page.getByRole('searchbox', { name: 'Filter' }).fill('pip');
  await expect(characters.getByRole('listitem')).toHaveText([/Pippin/]);
  await page.getByRole('searchbox', { name: 'Filter' }).fill('');

  await suggestions
    .getByRole('listitem', { name: 'Minas Tirith' })
    .getByRole('button', { name: 'Add as Place' })
    .click();
  await expect(
    page.getByRole('region', { name: 'Places' }).getByRole('listitem', { name: 'Minas Tirith' }),
  ).toContainText('3 mentions');
  await expect(suggestions.getByRole('listitem', { name: 'Minas Tirith' })).toHaveCount(0);
  await expect(page.getByText('3 of 5 associations used on the free plan')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/story-bible/bible-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  await characters.getByRole('button', { name: 'Open Gandalf' }).click();
  const panel = page.getByRole('complementary', { name: 'Character Gandalf' });
  await panel
    .getByRole('region', { name: 'The Siege of Gondor' })
    .getByRole('button', { name: /Gandalf stood alone/ })
    .click();

  await expect(page).toHaveURL(new RegExp(`/stories/${story.story_id}\\?chapter=${second}`));
  const mention = page
    .getByRole('textbox', { name: 'Chapter text' })
    .locator('p', { hasText: 'Gandalf stood alone' })
    .locator('[data-association-id]', { hasText: 'Gandalf' });
  await expect(mention).toBeInViewport();
  await expect(mention).toHaveClass(/lw-flashed/);
});

test('on a phone, Appears in and the renamed chapter stay usable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, uniqueEmail('bible-phone'));
  const story = await createStoryThroughApi(page, { title: 'The Two Towers' });
  const first = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, first, ['Treebeard spoke slowly to Merry.']);
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Treebeard', association_type: 'character' },
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${first}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });

  await editor.locator('[data-association-id]').first().click();
  const panel = page.getByRole('dialog', { name: 'Character Treebeard' });
  await panel.getByRole('region', { name: 'Appears in' }).scrollIntoViewIfNeeded();
  await expect(panel.getByText('1 mention in 1 chapter')).toBeVisible();
  await page.screenshot({ path: 'test-results/story-bible/appears-in-phone.png' });
  await panel.getByRole('button', { name: 'Rename Treebeard' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Fangorn');
  await page.screenshot({ path: 'test-results/story-bible/rename-phone.png' });
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Character Fangorn' })
    .getByRole('button', { name: 'Close association panel' })
    .click();

  await expect(editor.locator('[data-association-id]')).toHaveText(['Fangorn']);
});

test('with Highlight associations off, names read as plain text and a click opens no panel', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('no-highlights'));
  const story = await createStoryThroughApi(page, { title: 'The Silmarillion' });
  const first = story.chapters[0]!.id;
  await saveParagraphsThroughApi(page, story.story_id, first, ['Fëanor made the Silmarils.']);
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Fëanor', association_type: 'character' },
  ]);
  await page.goto(`/stories/${story.story_id}?chapter=${first}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });
  const mention = editor.locator('[data-association-id]', { hasText: 'Fëanor' });
  await expect(mention).toHaveCSS('cursor', 'pointer');

  await page.getByRole('button', { name: 'Document settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Document Settings' });
  const highlight = dialog.getByRole('checkbox', { name: 'Highlight associations' });
  await expect(highlight).toBeChecked();
  await clickUntilShown(highlight, () => expect(highlight).not.toBeChecked({ timeout: 3_000 }));
  await page.screenshot({ path: 'test-results/story-bible/settings-desktop.png' });
  await dialog.getByRole('button', { name: 'Done' }).click();

  await expect(editor).toContainText('Fëanor made the Silmarils.');
  await expect(mention).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(mention).not.toHaveCSS('cursor', 'pointer');
  await mention.click();
  await expect(page.getByRole('complementary', { name: 'Character Fëanor' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/story-bible/no-highlights-desktop.png' });

  // Saved with the story: a reload keeps the names plain.
  await page.reload();
  await expect(editor).toContainText('Fëanor made the Silmarils.');
  await page.getByRole('button', { name: 'Document settings' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Document Settings' })
      .getByRole('checkbox', { name: 'Highlight associations' }),
  ).not.toBeChecked();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/story-bible/settings-phone.png' });
});

test('an association shared with the series is highlighted in the other volume too', async ({ page }) => {
  await signIn(page, uniqueEmail('series-share'));
  const first = await createStoryThroughApi(page, { title: 'A Wizard of Earthsea', seriesTitle: 'Earthsea' });
  const second = await createStoryThroughApi(page, { title: 'The Tombs of Atuan', seriesTitle: 'Earthsea' });
  await saveParagraphsThroughApi(page, first.story_id, first.chapters[0]!.id, ['Ged sailed west.']);
  await saveParagraphsThroughApi(page, second.story_id, second.chapters[0]!.id, ['Tenar waited for Ged.']);
  await createAssociationsThroughApi(page, first.story_id, [
    { association_name: 'Ged', association_type: 'character' },
  ]);
  await page.goto(`/stories/${first.story_id}?chapter=${first.chapters[0]!.id}`);
  const editor = page.getByRole('textbox', { name: 'Chapter text' });

  await editor.locator('[data-association-id]', { hasText: 'Ged' }).click();
  const panel = page.getByRole('complementary', { name: 'Character Ged' });
  const share = panel.getByRole('switch', { name: 'Share with the series' });
  await expect(share).not.toBeChecked();
  await expect(panel.getByText('This story’s own: other volumes do not see it.')).toBeVisible();
  // Switched once the server has moved it: the switch follows the answer, not the click.
  await share.click();
  await expect(share).toBeChecked();
  await expect(
    panel.getByText('Shared: every volume of the series shows and edits this association.'),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/story-bible/shared-desktop.png' });

  await page.goto(`/stories/${second.story_id}?chapter=${second.chapters[0]!.id}`);
  const mention = editor.locator('[data-association-id]', { hasText: 'Ged' });
  await expect(mention).toBeVisible();
  await mention.click();
  await expect(
    page
      .getByRole('complementary', { name: 'Character Ged' })
      .getByRole('switch', { name: 'Share with the series' }),
  ).toBeChecked();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/story-bible/shared-phone.png' });
});
