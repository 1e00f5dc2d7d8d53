import { expect, test } from '@playwright/test';
import { openNewChapter, typeParagraphs, waitUntilSaved } from './fixtures/chapter-editor';

// The narrowest phone the app is laid out for.
test.use({ viewport: { width: 375, height: 740 } });

test('on a phone, the Versions panel is a dialog over the page and a version can be saved and compared', async ({
  page,
}, testInfo) => {
  const { editor, saveStatus } = await openNewChapter(page, 'versions-phone');
  await typeParagraphs(page, editor, ['The sea was calm that morning.']);
  await waitUntilSaved(saveStatus);

  await page.getByRole('button', { name: 'Versions', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Versions', exact: true });
  await panel.getByLabel('Version name').fill('Calm sea');
  await panel.getByRole('button', { name: 'Save version' }).click();
  await panel.getByRole('button', { name: /Calm sea/ }).click();

  await expect(panel.getByRole('region', { name: 'Compared with the current text' })).toHaveText(
    'The sea was calm that morning.',
  );
  const viewport = page.viewportSize()!;
  const box = await panel.boundingBox();
  expect(box).toMatchObject({ x: 0, width: viewport.width });
  await expect(panel.getByRole('button', { name: 'Restore this version' })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('versions-phone.png') });
});
