import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { parseManuscript } from '../../../../lambdas/domain/import/parse-manuscript';
import { MANUSCRIPT_MAX_BYTES } from '../../../../shared/manuscript-import';

const encode = (text: string) => new TextEncoder().encode(text);

async function docxFile(...texts: string[]) {
  const document = new Document({ sections: [{ children: texts.map((text) => new Paragraph({ text })) }] });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** The first bytes of an OLE compound file, as legacy .doc files and encrypted Office documents start. */
const COMPOUND_FILE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * A compound file's header and a directory sector naming `streams` (UTF-16LE, as OLE stores names): what the
 * importer reads of one, without the sectors it never opens.
 */
function compoundFile(...streams: string[]) {
  const header = new Uint8Array(512);
  header.set(COMPOUND_FILE_SIGNATURE);
  const directory = new Uint8Array(512);
  streams.forEach((name, index) => directory.set(Buffer.from(name, 'utf16le'), index * 128));
  return new Uint8Array([...header, ...directory]);
}

/** A PNG's signature and header chunk: enough for any sniffer to call it an image. */
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
]);

async function refusal(file: Uint8Array, fileName: string) {
  const error: unknown = await parseManuscript(file, fileName).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeDefined();
  return error as { status: number; code: string; message: string };
}

describe('parseManuscript refusals', () => {
  it('refuses a kind of file it does not import with 415', async () => {
    const error = await refusal(encode('%PDF-1.7'), 'novel.pdf');

    expect(error).toMatchObject({ status: 415, code: 'unsupported_media_type' });
    expect(error.message).toMatch(/\.docx.*\.md.*\.txt/);
  });

  it('refuses a file over 15 MB with 413', async () => {
    const error = await refusal(new Uint8Array(MANUSCRIPT_MAX_BYTES + 1).fill(0x61), 'novel.txt');

    expect(error).toMatchObject({ status: 413, message: 'A manuscript may be at most 15 MB.' });
  });

  it.each([
    ['an empty .docx', new Uint8Array(), 'novel.docx'],
    ['an empty .txt', new Uint8Array(), 'novel.txt'],
    ['a .md of blank lines', encode('\n  \n\t\n'), 'novel.md'],
    ['a .docx without text', undefined, 'novel.docx'],
  ])('refuses %s as empty with 400', async (_name, bytes, fileName) => {
    const error = await refusal(bytes ?? (await docxFile('', '  ')), fileName);

    expect(error).toMatchObject({ status: 400, message: 'The manuscript is empty.' });
  });

  it('refuses text renamed .docx, a zip that is not a Word document and an image, with 415', async () => {
    const zip = new JSZip().file('notes.txt', 'Not a document.');
    const notWord = new Uint8Array(await zip.generateAsync({ type: 'uint8array' }));

    for (const [file, fileName] of [
      [encode('Plain text.'), 'novel.docx'],
      [notWord, 'novel.docx'],
      [PNG, 'novel.docx'],
    ] as const) {
      const error = await refusal(file, fileName);
      expect(error).toMatchObject({ status: 415, message: expect.stringMatching(/not a Word document/) });
    }
  });

  it('refuses an encrypted Word document with a message to remove the password', async () => {
    const encrypted = compoundFile('EncryptionInfo', 'EncryptedPackage');

    const error = await refusal(encrypted, 'novel.docx');

    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/password/) });
  });

  it('refuses a legacy .doc renamed .docx with 415, asking for .docx', async () => {
    const error = await refusal(compoundFile('WordDocument', 'SummaryInformation'), 'novel.docx');

    expect(error).toMatchObject({ status: 415, message: expect.stringMatching(/older Word document/) });
  });

  it('refuses a Word document, an image or invalid UTF-8 renamed .txt or .md with 415', async () => {
    const invalidUtf8 = new Uint8Array([0x48, 0x69, 0xff, 0xfe, 0x21]);
    const utf16 = new Uint8Array(Buffer.from('Hello', 'utf16le'));

    for (const [file, fileName] of [
      [await docxFile('Text.'), 'novel.txt'],
      [PNG, 'novel.md'],
      [invalidUtf8, 'novel.txt'],
      [utf16, 'novel.txt'],
    ] as const) {
      const error = await refusal(file, fileName);
      expect(error).toMatchObject({ status: 415, message: expect.stringMatching(/not UTF-8 text/) });
    }
  });

  it('refuses more chapters than a story can hold', async () => {
    const chapters = Array.from({ length: 1001 }, (_, index) => `Chapter ${index + 1}\nText.`).join('\n');

    const error = await refusal(encode(chapters), 'novel.txt');

    expect(error).toMatchObject({
      status: 400,
      message: expect.stringMatching(/1001 chapters.*at most 1000/),
    });
  });

  it('imports as many chapters as a story can hold', async () => {
    const chapters = Array.from({ length: 1000 }, (_, index) => `Chapter ${index + 1}\nText.`).join('\n');

    const manuscript = await parseManuscript(encode(chapters), 'novel.txt');

    expect(manuscript.chapters).toHaveLength(1000);
  });

  it('refuses a chapter with more paragraphs than a chapter can hold, naming it', async () => {
    const lines = ['Chapter 7', ...Array.from({ length: 5001 }, (_, index) => `Line ${index}.`)].join('\n');

    const error = await refusal(encode(lines), 'novel.txt');

    expect(error).toMatchObject({
      status: 400,
      message: "The chapter 'Chapter 7' has 5001 paragraphs; a chapter can hold at most 5000.",
    });
  });

  it('refuses a paragraph longer than a paragraph may be', async () => {
    const error = await refusal(encode(`Chapter 1\n${'word '.repeat(14_000)}`), 'novel.txt');

    expect(error).toMatchObject({
      status: 400,
      message: expect.stringMatching(/Paragraph 1 of the chapter 'Chapter 1'/),
    });
  });
});
