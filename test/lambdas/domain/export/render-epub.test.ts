import JSZip from 'jszip';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEpub } from '../../../../lambdas/domain/export/render-epub';
import { epubcheck, temporaryFolder, writeExport } from './export-files';
import { sampleManuscript } from './manuscript-fixture';
import type { Manuscript, RenderedExport } from '../../../../lambdas/domain/export/manuscript';
import { BookSettingsSchema, type BookStyle } from '../../../../shared/schemas/book';

let folder: ReturnType<typeof temporaryFolder>;
beforeEach(() => {
  folder = temporaryFolder();
});
afterEach(() => folder.remove());

/** The sample as a book with every matter on, in a style, with a cover and in British English. */
function bookSample(style: BookStyle): Manuscript {
  return {
    ...sampleManuscript(),
    book: BookSettingsSchema.parse({
      style,
      language: 'en-GB',
      front_matter: { dedication: 'For M.', epigraph: 'The sea remembers.', epigraph_source: 'Anon.' },
      back_matter: {
        acknowledgements: 'To the harbour master.',
        about_the_author: 'Ada Quill lives by the sea.',
        also_by: ['The Tide Clock', 'Small Harbours'],
      },
    }),
    cover: { body: COVER_PNG, contentType: 'image/png' },
    printEdition: PRINT_EDITION,
  };
}

/** A print edition of the sample: where some of its pages begin (chapter heading, mid-paragraph, a scene break). */
const PRINT_EDITION = {
  source: 'urn:loreweaver:print-edition:0123456789abcdef0123456789abcdef',
  pages: [
    { chapter: 0, block: -1, word: 0, page: 9 },
    { chapter: 0, block: 0, word: 5, page: 10 },
    { chapter: 0, block: 1, word: 2, page: 11 },
    { chapter: 0, block: 2, word: 0, page: 12 },
    { chapter: 1, block: -1, word: 0, page: 13 },
  ],
};

/** A 1 × 1 PNG: a real image, so epubcheck reads the cover it is told of. */
const COVER_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

async function entries(manuscript: Manuscript, layout: 'manuscript' | 'book') {
  const zip = await JSZip.loadAsync((await renderEpub(manuscript, layout, { year: 2026 })).body);
  const read = (name: string) => zip.file(`OEBPS/${name}`)!.async('string');
  return { zip, read };
}

describe('renderEpub', () => {
  // epubcheck starts a JVM, which takes a while on a busy machine.
  // One JVM start per file: the manuscript layout and a book with every matter on. The styles' EPUBs differ in
  // their style sheet alone (the next test), so one style's check stands for the three.
  const epubs: [string, () => Promise<RenderedExport>][] = [
    ['the manuscript layout', () => renderEpub(sampleManuscript(), 'manuscript')],
    ['a classic book, every matter on', () => renderEpub(bookSample('classic'), 'book')],
  ];
  it.each(epubs)(
    'passes epubcheck with no error and no warning: %s',
    { timeout: 120_000 },
    async (_, render) => {
      const { body, extension, contentType } = await render();

      const result = epubcheck(writeExport(folder.folder, `sample.${extension}`, body));

      expect(contentType).toBe('application/epub+zip');
      expect(result.output).toContain('No errors or warnings detected');
      expect(result.status).toBe(0);
    },
  );

  it('makes the same book in every style but for the style sheet’s ornament', async () => {
    const files = async (style: BookStyle) => {
      const { zip } = await entries(bookSample(style), 'book');
      const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
      const contents = await Promise.all(names.map((name) => zip.file(name)!.async('string')));
      // The package's modification time is the second the file is made.
      return new Map(
        names.map((name, index) => [
          name,
          contents[index]!.replace(/<meta property="dcterms:modified">[^<]+/, ''),
        ]),
      );
    };
    const classic = await files('classic');
    for (const style of ['modern', 'romance'] as const) {
      const other = await files(style);
      expect([...other.keys()]).toEqual([...classic.keys()]);
      const differing = [...other].filter(([name, text]) => classic.get(name) !== text).map(([name]) => name);
      expect(differing).toEqual(['OEBPS/styles.css']);
    }
  });

  it('states its accessibility, and what it states is so: headings in order, a described cover, the language', async () => {
    const { zip, read } = await entries(bookSample('classic'), 'book');
    const opf = await read('content.opf');
    const meta = (property: string) =>
      [...opf.matchAll(new RegExp(`<meta property="${property}">([^<]+)</meta>`, 'g'))].map(
        (match) => match[1],
      );

    expect(meta('schema:accessMode')).toEqual(['textual', 'visual']);
    expect(meta('schema:accessModeSufficient')).toEqual(['textual']);
    expect(meta('schema:accessibilityFeature')).toEqual(
      expect.arrayContaining(['structuralNavigation', 'tableOfContents', 'readingOrder', 'alternativeText']),
    );
    expect(meta('schema:accessibilityHazard')).toEqual(['none']);
    expect(meta('schema:accessibilitySummary')[0]).toMatch(/WCAG 2\.1 Level AA/);
    expect(meta('dcterms:conformsTo')).toEqual(['EPUB Accessibility 1.1 - WCAG 2.1 Level AA']);
    expect(opf).toContain('<dc:language>en-GB</dc:language>');
    expect(opf).toContain('properties="cover-image"');

    const documents = Object.keys(zip.files).filter((name) => name.endsWith('.xhtml'));
    for (const name of documents) {
      const xhtml = await zip.file(name)!.async('string');
      expect(xhtml, name).toContain('xml:lang="en-GB" lang="en-GB"');
      const levels = [...xhtml.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
      levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0), name).toBeLessThanOrEqual(1));
      for (const image of xhtml.matchAll(/<img\b[^>]*>/g))
        expect(image[0]).toMatch(/alt="Cover of The Lantern Road by Ada Quill"/);
    }
  });

  it('marks the print edition’s page breaks where its pages begin and lists them, naming the edition', async () => {
    const { read } = await entries(bookSample('classic'), 'book');
    const marker = (page: number) =>
      `<span epub:type="pagebreak" role="doc-pagebreak" id="page-${page}" aria-label="${page}"></span>`;
    const first = await read('chapter-001.xhtml');
    const navigation = await read('nav.xhtml');
    const opf = await read('content.opf');

    expect(first).toContain(`${marker(9)}<h1 id="title">Chapter One</h1>`);
    expect(first).toContain(`The night was cold and ${marker(10)}<b>very</b> still.`);
    expect(first).toContain(`She whispered ${marker(11)}<i>softly</i> to`);
    expect(first).toContain(`${marker(12)}<hr class="scene-break"/>`);
    expect(await read('chapter-002.xhtml')).toContain(`${marker(13)}<h1 id="title">Chapter Two</h1>`);
    expect(
      [...navigation.matchAll(/<a href="([^"]+#page-\d+)">(\d+)<\/a>/g)].map((match) => [match[1], match[2]]),
    ).toEqual([
      ['chapter-001.xhtml#page-9', '9'],
      ['chapter-001.xhtml#page-10', '10'],
      ['chapter-001.xhtml#page-11', '11'],
      ['chapter-001.xhtml#page-12', '12'],
      ['chapter-002.xhtml#page-13', '13'],
    ]);
    expect(navigation).toContain('epub:type="page-list"');
    expect(opf).toContain(`<dc:source id="print-edition">${PRINT_EDITION.source}</dc:source>`);
    expect(opf).toContain('<meta refines="#print-edition" property="source-of">pagination</meta>');
    expect(opf).toContain('<meta property="schema:accessibilityFeature">pageNavigation</meta>');

    const { read: readWithout } = await entries(
      { ...bookSample('classic'), printEdition: undefined },
      'book',
    );
    expect(await readWithout('nav.xhtml')).not.toContain('page-list');
    expect(await readWithout('content.opf')).not.toContain('pageNavigation');
  });

  it('sets the front matter, the chapters and the back matter in order, listed and marked as such', async () => {
    const { read } = await entries(bookSample('romance'), 'book');
    const opf = await read('content.opf');
    const navigation = await read('nav.xhtml');
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((match) => match[1]);

    expect(spine).toEqual([
      'cover',
      'title-page',
      'copyright',
      'dedication',
      'epigraph',
      'nav',
      'chapter-1',
      'chapter-2',
      'acknowledgements',
      'about-the-author',
      'also-by',
    ]);
    expect(await read('copyright.xhtml')).toContain('Copyright © 2026 Ada Quill');
    expect(await read('dedication.xhtml')).toContain('epub:type="dedication"');
    expect(await read('epigraph.xhtml')).toContain('— Anon.');
    expect(await read('also-by.xhtml')).toContain('<li>Small Harbours</li>');
    // The contents are the navigation document's first list (the landmarks and the page list follow).
    const contents = navigation.slice(0, navigation.indexOf('</nav>'));
    expect(
      [...contents.matchAll(/<li><a href="[^"]+">([^<]+)<\/a><\/li>/g)].map((match) => match[1]),
    ).toEqual(['Chapter One', 'Chapter Two', 'Acknowledgements', 'About the Author', 'Also by Ada Quill']);
    expect(navigation).toContain('epub:type="landmarks"');
    expect(navigation).toContain('<a epub:type="bodymatter" href="chapter-001.xhtml">');
    expect(await read('styles.css')).toContain('hr.scene-break::after { content: "❦"; }');
    expect(await read('chapter-001.xhtml')).toContain('<hr class="scene-break"/>');
  });

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
    expect(first).toContain('<hr class="scene-break"/>');
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
