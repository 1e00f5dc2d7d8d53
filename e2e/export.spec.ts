import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { sessionCookieName } from '../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../local/embedded-runtime';
import { grantSubscription, startTestRuntime } from '../test/helpers/embedded-runtime';
import { openNewChapter, typeParagraphs } from './fixtures/chapter-editor';

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

async function exportAsManuscriptPdf(page: Page) {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menuitemradio', { name: /^Manuscript/ }).click();
  await page.getByRole('menuitem', { name: 'PDF' }).click();
}

/** The 'Conversion complete' alert's link, downloaded as a browser would; the worker converts meanwhile. */
async function downloadFromAlert(page: Page): Promise<Buffer> {
  const alert = page.getByRole('alert').filter({ hasText: 'Conversion complete' });
  await expect(alert).toContainText('Right-click the link to save your document.', { timeout: 30_000 });
  const href = await alert.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  return response.body();
}

function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'loreweaver-e2e-export-'));
  try {
    const file = path.join(folder, 'story.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// One format is enough here: every format's file is checked in test/integration/export.test.ts and the domain's
// render tests (epubcheck included), and the menu's layouts and formats in the toolbar's jsdom tests.
test('a subscriber exports what they just typed to PDF and downloads it', async ({ browser }) => {
  const page = await newPage(browser);
  const { editor } = await openNewChapter(page, 'export');
  await subscribe(page);
  // Exported at once, before autosave's own flush: the menu sends what autosave holds first.
  await typeParagraphs(page, editor, ['The lanterns swung low over the silver river.']);

  await exportAsManuscriptPdf(page);

  const pdf = await downloadFromAlert(page);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(pdf).replace(/\s+/g, ' ')).toContain('The lanterns swung low over the silver river.');
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
