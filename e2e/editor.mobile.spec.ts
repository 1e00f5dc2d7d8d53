import { expect, test, type Page } from '@playwright/test';
import { openNewChapter, paragraphs, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';

/** Holds a finger on a point (Playwright's touchscreen only taps). */
async function longPress(page: Page, x: number, y: number, holdMs: number): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await page.waitForTimeout(holdMs);
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function selectedText(page: Page): Promise<string> {
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}

test('on a phone, a double tap selects a word and a long press offers Copy', async ({ page }) => {
  const { editor, saveStatus } = await openNewChapter(page, 'touch');
  await typeParagraphs(page, editor, ['Tap these words gently.']);
  await waitUntilSaved(saveStatus);
  const box = (await paragraphs(editor).first().boundingBox())!;
  const onFirstWord = { x: box.x + 12, y: box.y + box.height / 2 };

  await page.touchscreen.tap(onFirstWord.x, onFirstWord.y);
  await page.touchscreen.tap(onFirstWord.x, onFirstWord.y);
  await expect.poll(() => selectedText(page)).toBe('Tap');

  await longPress(page, onFirstWord.x, onFirstWord.y, 700);
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page.getByRole('menu', { name: 'Editor actions' })).toHaveCount(0);
});

test.describe('on a 375 × 812 phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the chapter can be written and is saved, the text keeps most of the screen and the status is never cut', async ({
    page,
  }) => {
    const { editor, saveStatus } = await openNewChapter(page, 'phone-typing');

    await typeParagraphs(page, editor, ['Written on a small screen.', 'Still saved.']);
    // While writing, the text shows below the toolbar over at least 65 % of the screen's height.
    const manuscript = page.getByRole('region', { name: 'Manuscript' });
    const toolbar = page.getByRole('toolbar', { name: 'Chapter formatting' });
    const textTop = (await toolbar.boundingBox())!.y + (await toolbar.boundingBox())!.height;
    const manuscriptBox = (await manuscript.boundingBox())!;
    expect(manuscriptBox.y + manuscriptBox.height - textTop).toBeGreaterThanOrEqual(0.65 * 812);
    // The line being written stays in view, below the toolbar.
    const lastLine = (await paragraphs(editor).last().boundingBox())!;
    expect(lastLine.y).toBeGreaterThanOrEqual(textTop);
    expect(lastLine.y + lastLine.height).toBeLessThanOrEqual(812);
    // The status is shown whole, whatever it says.
    const statusText = page.getByTestId('save-status');
    expect(await statusText.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await waitUntilSaved(saveStatus);
    expect(await statusText.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await page.reload();

    await expect(paragraphs(editor)).toHaveText(['Written on a small screen.', 'Still saved.']);
  });
});
