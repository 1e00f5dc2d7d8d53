import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import {
  addChapterThroughApi,
  createAssociationsThroughApi,
  createStoryThroughApi,
} from './fixtures/stories';
import { saveParagraphsThroughApi } from './fixtures/story-text';
import { subscribeThroughApi } from './fixtures/subscription';

test('an author records that Boromir dies, sees the facts change by chapter and the warning where he acts after', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('continuity'));
  await subscribeThroughApi(page);
  const story = await createStoryThroughApi(page, { title: 'The Fellowship' });
  const council = story.chapters[0]!.id;
  const amonHen = await addChapterThroughApi(page, story.story_id, 'Amon Hen');
  const theReturn = await addChapterThroughApi(page, story.story_id, 'The Return');
  await saveParagraphsThroughApi(page, story.story_id, council, ['Boromir spoke at the council.']);
  await saveParagraphsThroughApi(page, story.story_id, amonHen, ['Boromir fell, defending the hobbits.']);
  await saveParagraphsThroughApi(page, story.story_id, theReturn, [
    '“He was brave,” said Aragorn of Boromir.',
    '“Follow me,” said Boromir.',
  ]);
  await createAssociationsThroughApi(page, story.story_id, [
    { association_name: 'Boromir', association_type: 'character' },
  ]);

  // The panel's Facts, as of the chapter open in the workspace.
  await page.goto(`/stories/${story.story_id}?chapter=${amonHen}`);
  await page.getByRole('textbox', { name: 'Chapter text' }).locator('[data-association-id]').first().click();
  const panel = page.getByRole('complementary', { name: 'Character Boromir' });
  const facts = panel.getByRole('region', { name: 'Facts' });
  await facts.getByRole('button', { name: 'Add a fact' }).click();
  await facts.getByRole('textbox', { name: 'Label' }).fill('Status');
  await facts.getByRole('textbox', { name: 'Value' }).fill('dead');
  await facts.getByRole('button', { name: 'Add fact' }).click();
  await expect(facts.getByLabel('Facts as of this chapter')).toHaveText('Statusdead');
  await expect(facts.getByRole('list', { name: 'Every fact, in story order' })).toContainText(
    'From 2. Amon Hen',
  );

  // The Story Bible: the facts as of a chapter, and the warning that opens its paragraph.
  await page.goto(`/stories/${story.story_id}/bible`);
  const card = page.getByRole('listitem', { name: 'Boromir' });
  await expect(card.getByLabel('Facts about Boromir')).toHaveText('Status: dead');
  await page.getByRole('combobox', { name: 'As of chapter' }).click();
  await page.getByRole('option', { name: '1. Chapter 1' }).click();
  await expect(card.getByLabel('Facts about Boromir')).toHaveCount(0);

  const warnings = page.getByRole('list', { name: 'Continuity warnings' });
  await expect(warnings.getByRole('link')).toHaveCount(1);
  await warnings
    .getByRole('link', { name: /Boromir is dead since “Amon Hen” but is named acting here/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`chapter=${theReturn}`));
  await expect(page.getByRole('textbox', { name: 'Chapter text' })).toContainText('said Boromir.');

  // The mention's tooltip tells what stands in the chapter being written.
  await page.getByRole('textbox', { name: 'Chapter text' }).locator('[data-association-id]').last().hover();
  await expect(page.getByRole('tooltip').getByLabel('Facts as of this chapter')).toHaveText('Status: dead');
});
