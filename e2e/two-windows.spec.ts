import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';
import { signIn, uniqueEmail } from './fixtures/sign-in';
import { createStoryThroughApi } from './fixtures/stories';

/**
 * Issue 16, defect 0: one chapter open on a laptop and on a phone. The phone still shows the chapter as it
 * loaded it; what it types must not overwrite what the laptop saved meanwhile, and neither side may lose text.
 */

const CONFLICTED_COPY = '[Conflicted copy] ';

function chapterOn(page: Page) {
  return {
    editor: page.getByRole('textbox', { name: 'Chapter text' }),
    saveStatus: page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ }),
  };
}

async function openChapter(page: Page, url: string) {
  await page.goto(url);
  const chapter = chapterOn(page);
  await expect(chapter.editor).toBeVisible();
  await expect(chapter.saveStatus).toHaveText('Saved');
  return chapter;
}

async function phonePage(browser: Browser, email: string): Promise<Page> {
  const { defaultBrowserType: _browserType, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** One chapter open on a laptop, `opening` typed and saved there first, then opened on a phone too. */
async function openOnLaptopAndPhone(laptop: Page, browser: Browser, name: string, opening: string[]) {
  const email = uniqueEmail(name);
  await signIn(laptop, email);
  const story = await createStoryThroughApi(laptop, { title: name });
  const url = `/stories/${story.story_id}?chapter=${story.chapters[0]!.id}`;
  const onLaptop = await openChapter(laptop, url);
  if (opening.length > 0) {
    await typeParagraphs(laptop, onLaptop.editor, opening);
    await waitUntilSaved(onLaptop.saveStatus);
  }
  const phone = await phonePage(browser, email);
  return { onLaptop, phone, onPhone: await openChapter(phone, url) };
}

test('a laptop and a phone on one chapter: the stale phone is told, reloads, and every paragraph typed is kept', async ({
  page: laptop,
  browser,
}) => {
  const { onLaptop, phone, onPhone } = await openOnLaptopAndPhone(laptop, browser, 'two-windows', []);

  await typeParagraphs(laptop, onLaptop.editor, [
    'Typed on the laptop first.',
    'Typed on the laptop second.',
  ]);
  await waitUntilSaved(onLaptop.saveStatus);
  await typeParagraphs(phone, onPhone.editor, ['Typed on the phone.']);

  await expect(phone.getByRole('alert').filter({ hasText: 'Chapter changed elsewhere' })).toBeVisible({
    timeout: 30_000,
  });
  await waitUntilSaved(onPhone.saveStatus);
  await laptop.reload();
  await phone.reload();

  const everyParagraph = [
    'Typed on the laptop first.',
    `${CONFLICTED_COPY}Typed on the phone.`,
    'Typed on the laptop second.',
  ];
  await expect(paragraphs(onLaptop.editor)).toHaveText(everyParagraph);
  await expect(paragraphs(onPhone.editor)).toHaveText(everyParagraph);

  // One click settles it: the phone's words take the laptop's paragraph's place.
  await phone
    .getByRole('group', { name: 'Changed on two devices' })
    .getByRole('button', { name: 'Keep this' })
    .click();
  await expect(paragraphs(onPhone.editor)).toHaveText(['Typed on the phone.', 'Typed on the laptop second.']);
  await waitUntilSaved(onPhone.saveStatus);
  await laptop.reload();
  await expect(paragraphs(onLaptop.editor)).toHaveText([
    'Typed on the phone.',
    'Typed on the laptop second.',
  ]);
  await expect(laptop.getByRole('group', { name: 'Changed on two devices' })).toHaveCount(0);
  await phone.context().close();
});

test('a phone picked up takes in the laptop’s saves, and a sentence typed on it while stale is merged, without a conflict', async ({
  page: laptop,
  browser,
}) => {
  const { onLaptop, phone, onPhone } = await openOnLaptopAndPhone(laptop, browser, 'two-windows-merge', [
    'The lamp was lit. The river ran high.',
  ]);

  // The laptop adds a paragraph; the phone, picked up again (its window takes the focus), shows it unasked.
  await onLaptop.editor.click();
  await laptop.keyboard.press('Control+End');
  await laptop.keyboard.press('Enter');
  await laptop.keyboard.type('Morning came.');
  await waitUntilSaved(onLaptop.saveStatus);
  await phone.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(paragraphs(onPhone.editor)).toHaveText([
    'The lamp was lit. The river ran high.',
    'Morning came.',
  ]);
  await expect(phone.getByRole('alert')).toHaveCount(0);

  // The laptop changes the first sentence; the phone, stale again, the second.
  await laptop.keyboard.press('Control+Home');
  await laptop.keyboard.type('At dusk ');
  await waitUntilSaved(onLaptop.saveStatus);
  await onPhone.editor.getByText('The river ran high.').click();
  await phone.keyboard.press('End');
  await phone.keyboard.type(' Nobody slept.');

  // The phone's save is refused (the laptop changed the paragraph) and merged; had the phone taken the
  // laptop's change in first, its own would simply follow it.
  const both = ['At dusk The lamp was lit. The river ran high. Nobody slept.', 'Morning came.'];
  await expect(paragraphs(onPhone.editor)).toHaveText(both, { timeout: 30_000 });
  await waitUntilSaved(onPhone.saveStatus);
  await laptop.reload();
  await expect(paragraphs(onLaptop.editor)).toHaveText(both);
  await expect(phone.getByRole('group', { name: 'Changed on two devices' })).toHaveCount(0);
  await phone.context().close();
});

test('a stale window that only adds paragraphs saves them beside the other window’s, without a conflict', async ({
  page: laptop,
  browser,
}) => {
  const { onLaptop, phone, onPhone } = await openOnLaptopAndPhone(laptop, browser, 'two-windows-add', [
    'Opening line.',
  ]);

  await typeParagraphs(laptop, onLaptop.editor, ['', 'From the laptop.']);
  await waitUntilSaved(onLaptop.saveStatus);
  await onPhone.editor.click();
  await phone.keyboard.press('Control+End');
  await phone.keyboard.press('Enter');
  await phone.keyboard.type('From the phone.');
  await waitUntilSaved(onPhone.saveStatus);
  await laptop.reload();

  await expect(paragraphs(onLaptop.editor)).toHaveText([
    'Opening line.',
    'From the phone.',
    'From the laptop.',
  ]);
  await phone.context().close();
});
