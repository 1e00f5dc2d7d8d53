import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEpub } from '../../../../lambdas/domain/export/render-epub';
import { epubcheck, temporaryFolder, writeExport } from './export-files';
import { sampleManuscript } from './manuscript-fixture';

let folder: ReturnType<typeof temporaryFolder>;
beforeEach(() => {
  folder = temporaryFolder();
});
afterEach(() => folder.remove());

describe('renderEpub', () => {
  // epubcheck starts a JVM, which takes a while on a busy machine.
  it.each(['manuscript', 'book'] as const)(
    'passes epubcheck (%s layout)',
    { timeout: 120_000 },
    async (layout) => {
      const { body, extension, contentType } = await renderEpub(sampleManuscript(), layout);

      const result = epubcheck(writeExport(folder.folder, `sample.${extension}`, body));

      expect(contentType).toBe('application/epub+zip');
      expect(result.output).toContain('No errors or warnings detected');
      expect(result.status).toBe(0);
    },
  );

  it('stores the mimetype first and uncompressed', async () => {
    const { body } = await renderEpub(sampleManuscript(), 'manuscript');

    // A zip's first local header: the name starts at byte 30, the compression method is at byte 8.
    const header = Buffer.from(body.subarray(0, 58));
    expect(header.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(header.readUInt16LE(8)).toBe(0);
    expect(header.subarray(38, 58).toString('latin1')).toBe('application/epub+zip');
  });

  it('writes one file per chapter holding its text and formatting, listed in the table of contents', async () => {
    const zip = await JSZip.loadAsync((await renderEpub(sampleManuscript(), 'manuscript')).body);

    const first = await zip.file('OEBPS/chapter-001.xhtml')!.async('string');
    const second = await zip.file('OEBPS/chapter-002.xhtml')!.async('string');
    const navigation = await zip.file('OEBPS/nav.xhtml')!.async('string');

    expect(first).toContain('<h1 id="title">Chapter One</h1>');
    expect(first).toContain('<p class="align-left indent">The night was cold and <b>very</b> still.</p>');
    expect(first).toContain('<i>softly</i> to <u>Marrow</u> and <s>crossed</s> the bridge.');
    expect(first).toContain('<p class="scene-break" role="separator">#</p>');
    expect(first).toContain('<p class="align-center flush">A centred line of verse</p>');
    expect(second).toContain('Morning came early<br/>over the hills.');
    expect(second).toContain('<p class="align-justify indent">Everything was justified at last.</p>');
    expect(navigation).toContain('<a href="chapter-001.xhtml">Chapter One</a>');
    expect(navigation).toContain('<a href="chapter-002.xhtml">Chapter Two</a>');
  });

  it('keeps the same identifier for the same story across exports', async () => {
    const read = async () =>
      (await JSZip.loadAsync((await renderEpub(sampleManuscript(), 'book')).body))
        .file('OEBPS/content.opf')!
        .async('string');

    const identifier = /<dc:identifier id="book-id">(urn:uuid:[0-9a-f-]{36})<\/dc:identifier>/;
    expect((await read()).match(identifier)?.[1]).toBe((await read()).match(identifier)?.[1]);
  });
});
