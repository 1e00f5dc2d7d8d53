import sharp from 'sharp';
import { expect, test } from './fixtures/content-security-policy';
import { createStoryThroughApi } from './fixtures/stories';
import { signIn, uniqueEmail } from './fixtures/sign-in';

/** Titles in the scripts the fallback fonts added; each story is created without an image. */
const TITLES = ['채식주의자', 'ألف ليلة وليلة', 'हिन्दी की कहानी', 'ความรักในสายลมหนาว'];

test('stories titled in Korean, Arabic, Devanagari and Thai get covers with their titles drawn', async ({
  page,
}) => {
  await signIn(page, uniqueEmail('scripts'));
  for (const title of TITLES) await createStoryThroughApi(page, { title });

  await page.goto('/stories');
  for (const title of TITLES) {
    const cover = page.getByRole('article', { name: title }).locator('img');
    await expect(cover).toHaveAttribute('src', /^\/images\//);
    const response = await page.request.get((await cover.getAttribute('src'))!);
    // The title is drawn in white, the only near-white pixels inside the cover's frame.
    const centre = await sharp(await response.body())
      .extract({ left: 40, top: 100, width: 220, height: 100 })
      .greyscale()
      .raw()
      .toBuffer();
    expect(centre.filter((value) => value > 235).length, title).toBeGreaterThan(300);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('covers-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: test.info().outputPath('covers-phone.png'), fullPage: true });
});
