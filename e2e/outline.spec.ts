import { expect, test } from '@playwright/test';
import { clickUntilShown } from './fixtures/clicks';
import { assignChapter, chapterRow, openOutlineBranch, openOutlineSection } from './fixtures/outline';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { addChapterThroughApi, createStoryThroughApi } from './fixtures/stories';
import { subscribeThroughApi } from './fixtures/subscription';

test('a subscriber plans a story on a template, assigns chapters, keeps the notes over a reload and replaces the outline after the warning', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('outline'));
  await subscribeThroughApi(page);
  const story = await createStoryThroughApi(page, { title: 'The Salt Road' });
  await addChapterThroughApi(page, story.story_id, 'Chapter 2');
  await addChapterThroughApi(page, story.story_id, 'Chapter 3');
  await page.goto(`/stories/${story.story_id}`);
  await openOutlineBranch(page);

  const templates = page.getByRole('dialog', { name: 'Choose an outline template' });
  await clickUntilShown(page.getByRole('button', { name: 'Create Outline' }), () =>
    expect(templates).toBeVisible({ timeout: 3_000 }),
  );
  await expect(templates.getByRole('button')).toContainText([
    'Three-Act Structure',
    'Five-Act Structure',
    "The Hero's Journey",
  ]);
  await templates.getByRole('button', { name: /^Three-Act Structure/ }).click();

  const setup = await openOutlineSection(page, 'Act I: Setup');
  await assignChapter(setup, 'Chapter 1');
  await assignChapter(setup, 'Chapter 2');
  const notes = setup.getByRole('textbox', { name: 'Notes for Act I: Setup' });
  await notes.fill('The caravan leaves the coast.');
  await notes.blur();
  const confrontation = await openOutlineSection(page, 'Act II: Confrontation');
  await expect(confrontation.getByRole('checkbox', { name: 'Chapter 1' })).toHaveCount(0);
  await assignChapter(confrontation, 'Chapter 3');

  await expect(chapterRow(page, 'Chapter 1')).toContainText('Act I: Setup');
  await expect(chapterRow(page, 'Chapter 2')).toContainText('Act I: Setup');
  await expect(chapterRow(page, 'Chapter 3')).toContainText('Act II: Confrontation');

  await page.reload();
  await openOutlineBranch(page);
  const reloaded = await openOutlineSection(page, 'Act I: Setup');
  await expect(reloaded.getByRole('textbox', { name: 'Notes for Act I: Setup' })).toHaveValue(
    'The caravan leaves the coast.',
  );
  await expect(reloaded.getByRole('checkbox', { name: 'Chapter 1' })).toBeChecked();
  await expect(chapterRow(page, 'Chapter 3')).toContainText('Act II: Confrontation');

  await page.getByRole('button', { name: 'Replace Outline' }).click();
  const warning = page.getByRole('dialog', { name: 'Replace Outline' });
  await expect(warning).toContainText(
    'WARNING: choosing a new template on the following screen will overwrite any existing outline. Are you sure you want to proceed?',
  );
  await warning.getByRole('button', { name: 'Proceed' }).click();
  await page
    .getByRole('dialog', { name: 'Choose an outline template' })
    .getByRole('button', { name: /^The Hero's Journey/ })
    .click();

  await expect(page.getByRole('button', { name: 'The Ordinary World', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Act I: Setup', exact: true })).toHaveCount(0);
  await chapterRow(page, 'Chapter 1').getByText('—').hover();
  await expect(page.getByRole('tooltip', { name: 'Not assigned to an outline' })).toBeVisible();
});
