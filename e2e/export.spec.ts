import { expect, test, type Browser, type Page } from '@playwright/test';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../local/embedded-runtime';
import { grantSubscription, startTestRuntime } from '../test/helpers/embedded-runtime';
import JSZip from 'jszip';
import { openNewChapter, paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';

/**
 * Export needs a subscriber, and one case a subscription that lapsed without the page knowing, which no API call
 * makes: these tests run an embedded runtime of their own (the same one `npm start` runs, serving the built web
 * app) so they can set the signed-in author's subscription directly.
 */
let runtime: EmbeddedRuntime;

// One worker runs both tests, so the run starts this runtime once.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  runtime = await startTestRuntime();
});

test.afterAll(async () => {
  await runtime?.close();
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: runtime.url });
  return context.newPage();
}

/** Sets the signed-in author's subscription: paid up for `days` more days (negative: already over). */
async function setSubscription(page: Page, days: number): Promise<void> {
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === sessionCookieName(runtime.ports.config));
  await grantSubscription(runtime, session!.value, days);
}

/** A subscriber, and a reload so the page knows it. */
async function subscribe(page: Page): Promise<void> {
  await setSubscription(page, 30);
  await page.reload();
}

/** The 'Conversion complete' alert's link, downloaded as a browser would; the worker converts meanwhile. */
async function downloadFromAlert(page: Page, type: 'PDF' | 'DOCX'): Promise<Buffer> {
  const alert = page.getByRole('alert').filter({ hasText: 'Conversion complete' });
  await expect(alert).toContainText('Right-click the link to save your document.', { timeout: 30_000 });
  const href = await alert.getByRole('link', { name: `Download ${type}` }).getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  return response.body();
}

// One export is enough here: every format's file is checked in test/integration/export.test.ts and the domain's
// render tests (epubcheck included), the Word comments in test/integration/review-word-round-trip.test.ts, and
// the menu's layouts, formats and options in the toolbar's jsdom tests.
test('a subscriber comments on what they just typed and exports it to DOCX with the comment', async ({
  browser,
}) => {
  const page = await newPage(browser);
  const { editor } = await openNewChapter(page, 'export');
  await subscribe(page);
  await typeParagraphs(page, editor, ['The lanterns swung low over the silver river.']);
  await waitUntilSaved(page.getByRole('status').filter({ hasText: /Saved|Saving|waiting/ }));
  await paragraphs(editor).first().click();
  await page.keyboard.press('Home');
  for (let letter = 0; letter < 'The lanterns'.length; letter += 1)
    await page.keyboard.press('Shift+ArrowRight');
  await page.getByRole('button', { name: 'Comment on the selected words' }).click();
  const panel = page.getByRole('complementary', { name: 'Comments' });
  await panel.getByRole('textbox', { name: 'Comment' }).fill('Brighter here?');
  await panel.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(panel.getByRole('article', { name: /^Comment by / })).toContainText('Brighter here?');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitemcheckbox', { name: /^Include comments/ }).click();
  await page.getByRole('menuitem', { name: 'DOCX' }).click();

  const docx = await JSZip.loadAsync(await downloadFromAlert(page, 'DOCX'));
  const text = (xml: string) => xml.replace(/<[^>]+>/g, '');
  expect(text(await docx.file('word/document.xml')!.async('string'))).toContain(
    'The lanterns swung low over the silver river.',
  );
  expect(text(await docx.file('word/comments.xml')!.async('string'))).toContain('Brighter here?');
});

test("a subscription that lapses while the page is open gets the 'Insufficient subscription' warning", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await openNewChapter(page, 'export-lapsed');
  await subscribe(page);
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  // The paid period ends with the menu open: the page has not heard of it yet.
  await setSubscription(page, -1);

  await page.getByRole('menuitem', { name: 'DOCX' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Insufficient subscription' });
  await expect(alert).toContainText('Free accounts are unable to export their stories.');
  await expect(alert.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/subscribe');
});
