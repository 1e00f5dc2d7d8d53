import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { clickUntilShown } from './fixtures/clicks';
import { expect, test } from './fixtures/content-security-policy';
import { signIn, uniqueEmail } from './fixtures/sign-in';

const NOT_TEXT_MESSAGE = 'This file is not UTF-8 text. Save it as UTF-8 text and try again.';

/** A small Word manuscript: two chapters under Heading 1, an italic word in the first. */
async function manuscriptDocx(): Promise<Buffer> {
  const document = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'The Letter', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({
            children: [
              new TextRun('It came on a '),
              new TextRun({ text: 'Tuesday', italics: true }),
              new TextRun(', and nobody opened it.'),
            ],
          }),
          new Paragraph({ text: 'The Answer', heading: HeadingLevel.HEADING_1 }),
          new Paragraph({ text: 'She wrote back at once.' }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

test.beforeEach(async ({ page }) => {
  await signIn(page, uniqueEmail('import'));
  await page.goto('/stories');
});

test('importing a Word manuscript from the story list sends it straight to storage, builds its chapters, and opens the story once built', async ({
  page,
}) => {
  const dialog = page.getByRole('dialog', { name: 'Import a manuscript' });
  await clickUntilShown(page.getByRole('button', { name: 'Import a manuscript' }), () =>
    expect(dialog).toBeVisible({ timeout: 3_000 }),
  );
  await dialog
    .getByLabel('Manuscript file')
    .setInputFiles({ name: 'The_Lighthouse.docx', mimeType: DOCX_TYPE, buffer: await manuscriptDocx() });
  await expect(dialog.getByText('The_Lighthouse.docx')).toBeVisible();
  // The presigned PUT to the S3 stand-in, another origin than the app's: CORS and the CSP must both let it through.
  const storedUpload = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/loreweaver-uploads\/manuscripts\//.test(response.url()),
  );
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  const upload = await storedUpload;
  expect(upload.status()).toBe(200);
  expect(new URL(upload.url()).origin).not.toBe(new URL(page.url()).origin);

  await expect(dialog).toBeHidden();
  // The worker finishes within moments, and the author still waiting on the list is taken into the story.
  await expect(page.getByRole('button', { name: /^Chapter title: The Letter\./ })).toBeVisible({
    timeout: 30_000,
  });
  const italic = page.getByRole('textbox').getByText('Tuesday', { exact: true });
  await expect(italic).toHaveCSS('font-style', 'italic');
  await expect(page.getByRole('textbox')).toContainText('It came on a Tuesday, and nobody opened it.');
});

test('a file that is not what its name says is refused in the dialog, and no story is created', async ({
  page,
}) => {
  const dialog = page.getByRole('dialog', { name: 'Import a manuscript' });
  await clickUntilShown(page.getByRole('button', { name: 'Import a manuscript' }), () =>
    expect(dialog).toBeVisible({ timeout: 3_000 }),
  );
  await dialog
    .getByLabel('Manuscript file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: await manuscriptDocx() });
  await dialog.getByRole('textbox', { name: 'Title (optional)' }).fill('Notes');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(dialog.getByRole('alert')).toHaveText(NOT_TEXT_MESSAGE);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: 'Notes' })).toHaveCount(0);
});
