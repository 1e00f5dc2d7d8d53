import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail } from './fixtures/sign-in';

/** Issue 15 §3 on a 375 px phone: the story form's labels fit and the preview sits above Create. */
test.use({ viewport: { width: 375, height: 740 } });

test('on a 375 px phone the story form shows its labels whole and the preview above Create', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('phone-form'));
  await page.goto('/stories/new');
  const form = page.getByRole('form', { name: 'Create a Story' });
  await expect(form).toBeVisible();

  // Each label's text fits in its field: nothing cut off with an ellipsis.
  for (const label of await form.locator('label').all()) {
    const cutOff = await label.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
    expect(cutOff, `label "${await label.innerText()}" is cut off`).toBe(false);
  }
  const preview = page.getByRole('region', { name: 'Preview' });
  const create = page.getByRole('button', { name: 'Create' });
  const previewBox = (await preview.boundingBox())!;
  const createBox = (await create.boundingBox())!;
  expect(previewBox.y + previewBox.height).toBeLessThanOrEqual(createBox.y);

  await page.screenshot({ path: test.info().outputPath('story-form-phone.png'), fullPage: true });
});
