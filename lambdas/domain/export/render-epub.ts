import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { sceneBreakOrnament } from './book-design';
import {
  type BackMatterSection,
  backMatterSections,
  chapterHeading,
  copyrightLines,
  matterParagraphs,
} from './book-matter';
import type { CoverImage, ExportLayout, Manuscript, RenderedExport } from './manuscript';
import { type PageLayout, firstLineIndent, pageLayout } from './page-layouts';
import { type ManuscriptBlock, type StyledRun, chapterBlocks } from './paragraph-runs';

/**
 * A manuscript as an EPUB 3 (`jszip`): the mimetype entry first and stored, the container, a package document
 * with a stable identifier, its modification time and its accessibility metadata, a navigation document (the
 * table of contents and landmarks), the cover, the book's front matter, one XHTML file per chapter, its back
 * matter and one style sheet. The page belongs to the e-reader, so a layout only chooses the text's proportions
 * (spacing, indents, justification) and never embeds a font. The manuscript layout has a title page and the
 * chapters; the book layout the matter its settings ask for (issue 27 §3).
 */

const XHTML_NAMESPACES = 'xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"';

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (character) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[character]};`,
  );
}

/** A deterministic UUID (name-based, SHA-1) from the story id: a re-export updates the same book on a reader. */
function storyUuid(storyId: string): string {
  const hex = createHash('sha1').update(`loreweaver:story:${storyId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function runXhtml(run: StyledRun): string {
  let html = escapeXml(run.text).replaceAll('\n', '<br/>').replaceAll('\t', '\u2003');
  if (run.strikethrough) html = `<s>${html}</s>`;
  if (run.underline) html = `<u>${html}</u>`;
  if (run.italic) html = `<i>${html}</i>`;
  if (run.bold) html = `<b>${html}</b>`;
  return html;
}

/** A page of the print edition that begins in a block: before its `word`-th word. */
interface BlockPageBreak {
  word: number;
  page: number;
}

/** Where the print edition's page `page` begins (EPUB's page break marker, listed by the page list). */
const pageBreakMarker = (page: number) =>
  `<span epub:type="pagebreak" role="doc-pagebreak" id="page-${page}" aria-label="${page}"></span>`;

/**
 * The runs as XHTML with a page break marker before each word a print page begins with. Words are counted as the
 * print book breaks lines: runs of characters between spaces and line breaks, across a change of style.
 */
function runsXhtml(runs: readonly StyledRun[], breaks: readonly BlockPageBreak[] = []): string {
  if (breaks.length === 0) return runs.map(runXhtml).join('');
  const text = runs.map((run) => run.text).join('');
  const wordStarts = [...text.matchAll(/[^ \n]+/g)].map((match) => match.index);
  const markersAt = new Map<number, string>();
  for (const { word, page } of breaks) {
    const at = wordStarts[word] ?? text.length;
    markersAt.set(at, (markersAt.get(at) ?? '') + pageBreakMarker(page));
  }
  const cuts = [...markersAt.keys()].sort((a, b) => a - b);
  let html = '';
  let offset = 0;
  for (const run of runs) {
    let from = 0;
    for (const at of cuts.filter((cut) => cut >= offset && cut < offset + run.text.length)) {
      if (at - offset > from) html += runXhtml({ ...run, text: run.text.slice(from, at - offset) });
      html += markersAt.get(at)!;
      from = at - offset;
    }
    if (from < run.text.length) html += runXhtml({ ...run, text: run.text.slice(from) });
    offset += run.text.length;
  }
  return (
    html +
    cuts
      .filter((cut) => cut >= offset)
      .map((cut) => markersAt.get(cut)!)
      .join('')
  );
}

function blocksXhtml(
  blocks: readonly ManuscriptBlock[],
  layout: PageLayout,
  pageBreaks: ReadonlyMap<number, BlockPageBreak[]> = new Map(),
): string {
  const lines: string[] = [];
  let startsSection = true;
  for (const [index, block] of blocks.entries()) {
    const breaks = pageBreaks.get(index) ?? [];
    if (block.kind === 'scene-break') {
      lines.push(`${breaks.map(({ page }) => pageBreakMarker(page)).join('')}<hr class="scene-break"/>`);
      startsSection = true;
    } else if (block.kind === 'blank') {
      lines.push('<p class="blank">\u00a0</p>');
      startsSection = true;
    } else {
      const classes = [
        `align-${block.alignment ?? layout.defaultAlignment}`,
        firstLineIndent(block, layout, startsSection) > 0 ? 'indent' : 'flush',
        ...(block.indentLevel > 0 ? [`level-${Math.min(block.indentLevel, 6)}`] : []),
      ];
      lines.push(`<p class="${classes.join(' ')}">${runsXhtml(block.runs, breaks)}</p>`);
      startsSection = false;
    }
  }
  return lines.join('\n');
}

function xhtmlDocument(title: string, body: string, bodyType: string, language: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html ${XHTML_NAMESPACES} xml:lang="${language}" lang="${language}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="styles.css"/>
</head>
<body epub:type="${bodyType}">
${body}
</body>
</html>
`;
}

function styleSheet(layout: PageLayout, ornament: string): string {
  const em = (points: number) => `${(points / layout.fontSize).toFixed(3)}em`;
  const levels = [1, 2, 3, 4, 5, 6].map(
    (level) => `p.level-${level} { margin-left: ${em(level * layout.indentStep)}; }`,
  );
  return `body { font-family: "Times New Roman", Tinos, "Liberation Serif", serif; line-height: ${(layout.lineHeight / layout.fontSize).toFixed(2)}; }
h1 { font-weight: normal; font-size: ${(layout.chapterTitleSize / layout.fontSize).toFixed(2)}em; text-align: center; margin: 3em 0 ${em(layout.chapterTitleGap)}; page-break-before: always; }
p { margin: 0; text-indent: 0; }
p.indent { text-indent: ${em(layout.firstLineIndent)}; }
p.align-left { text-align: left; }
p.align-center { text-align: center; }
p.align-right { text-align: right; }
p.align-justify { text-align: justify; }
hr.scene-break { border: 0; margin: 1em 0; text-align: center; height: 1.5em; }
hr.scene-break::after { content: "${ornament.replace(/["\\]/g, '\\$&')}"; }
${levels.join('\n')}
.cover { text-align: center; margin: 0; }
.cover img { max-width: 100%; max-height: 100%; }
.title-page { text-align: center; margin-top: 30%; }
.copyright { margin-top: 60%; font-size: 0.85em; }
.dedication, .epigraph { text-align: center; font-style: italic; margin-top: 25%; }
.epigraph .source { font-style: normal; }
.also-by { list-style: none; padding-left: 0; text-align: center; font-style: italic; }
.title-page .title { font-size: 1.8em; margin-bottom: 1em; }
.title-page .author { font-size: 1.2em; }
nav ol { list-style: none; padding-left: 0; }
`;
}

const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

const chapterFile = (index: number) => `chapter-${String(index + 1).padStart(3, '0')}.xhtml`;

/** One XHTML file of the book, in reading order. */
export interface ContentDocument {
  id: string;
  file: string;
  /** The name the table of contents gives it; none: not listed. */
  listedAs?: string;
  xhtml: string;
  /** Reached only from the table of contents or a link (the navigation document when not asked for). */
  nonLinear?: boolean;
}

/**
 * EPUB Accessibility 1.1's metadata, each claim true of what the renderer makes: text throughout (the cover an
 * image with its text alternative), structural navigation by headings and a table of contents, reading order
 * as the spine, no hazards.
 */
function accessibilityMetadata(hasCover: boolean, hasPageList: boolean): string {
  const features = ['structuralNavigation', 'tableOfContents', 'readingOrder', 'displayTransformability'];
  if (hasCover) features.push('alternativeText');
  if (hasPageList) features.push('pageBreakMarkers', 'pageNavigation');
  const summary =
    'This publication meets WCAG 2.1 Level AA: its text can be restyled by the reading system, chapters are ' +
    'headed in reading order and reached from the table of contents and the landmarks' +
    (hasCover ? ', the cover image is described in text' : '') +
    (hasPageList ? ', and the print edition’s page numbers are marked in the text and listed.' : '.');
  return [
    '<meta property="schema:accessMode">textual</meta>',
    ...(hasCover ? ['<meta property="schema:accessMode">visual</meta>'] : []),
    '<meta property="schema:accessModeSufficient">textual</meta>',
    ...features.map((feature) => `<meta property="schema:accessibilityFeature">${feature}</meta>`),
    '<meta property="schema:accessibilityHazard">none</meta>',
    `<meta property="schema:accessibilitySummary">${escapeXml(summary)}</meta>`,
    '<meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</meta>',
    '<meta property="a11y:certifiedBy">Loreweaver</meta>',
  ].join('\n');
}

function packageDocument(
  manuscript: Manuscript,
  documents: readonly ContentDocument[],
  cover: CoverImage | undefined,
  language: string,
  modified: string,
  printSource: string | undefined,
): string {
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="styles.css" media-type="text/css"/>',
    ...(cover
      ? [
          `<item id="cover-image" href="${coverFileName(cover)}" media-type="${cover.contentType}" properties="cover-image"/>`,
        ]
      : []),
    ...documents
      .filter((document) => document.id !== 'nav')
      .map(
        (document) =>
          `<item id="${document.id}" href="${document.file}" media-type="application/xhtml+xml"/>`,
      ),
  ];
  const spine = documents.map(
    (document) => `<itemref idref="${document.id}"${document.nonLinear ? ' linear="no"' : ''}/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${language}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${storyUuid(manuscript.storyId)}</dc:identifier>
<dc:title>${escapeXml(manuscript.title)}</dc:title>
<dc:creator>${escapeXml(manuscript.authorName)}</dc:creator>
<dc:language>${language}</dc:language>
<meta property="dcterms:modified">${modified}</meta>
${printSource ? `<dc:source id="print-edition">${escapeXml(printSource)}</dc:source>\n<meta refines="#print-edition" property="source-of">pagination</meta>\n` : ''}${accessibilityMetadata(cover !== undefined, printSource !== undefined)}
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${spine.join('\n')}
</spine>
</package>
`;
}

function navigationDocument(
  manuscript: Manuscript,
  documents: readonly ContentDocument[],
  language: string,
): string {
  const pages = manuscript.printEdition?.pages ?? [];
  const pageList = pages.map(
    ({ chapter, page }) => `<li><a href="${chapterFile(chapter)}#page-${page}">${page}</a></li>`,
  );
  const entries = documents
    .filter((document) => document.listedAs !== undefined)
    .map((document) => `<li><a href="${document.file}">${escapeXml(document.listedAs!)}</a></li>`);
  const firstChapter = documents.find((document) => document.id === 'chapter-1');
  const coverPage = documents.find((document) => document.id === 'cover');
  const landmarks = [
    ...(coverPage ? [`<li><a epub:type="cover" href="${coverPage.file}">Cover</a></li>`] : []),
    '<li><a epub:type="toc" href="nav.xhtml#toc">Contents</a></li>',
    ...(firstChapter
      ? [`<li><a epub:type="bodymatter" href="${firstChapter.file}">Start of content</a></li>`]
      : []),
  ];
  return xhtmlDocument(
    manuscript.title,
    `<nav epub:type="toc" id="toc" role="doc-toc" aria-labelledby="toc-title">
<h1 id="toc-title">Contents</h1>
<ol>
${entries.join('\n')}
</ol>
</nav>
<nav epub:type="landmarks" id="landmarks" aria-labelledby="landmarks-title" hidden="hidden">
<h2 id="landmarks-title">Landmarks</h2>
<ol>
${landmarks.join('\n')}
</ol>
</nav>${
      pageList.length > 0
        ? `
<nav epub:type="page-list" id="page-list" role="doc-pagelist" aria-labelledby="page-list-title" hidden="hidden">
<h2 id="page-list-title">Pages</h2>
<ol>
${pageList.join('\n')}
</ol>
</nav>`
        : ''
    }`,
    'frontmatter',
    language,
  );
}

/** A section of the book's matter: its own file, headed when it has a title. */
function matterDocument(
  id: string,
  title: string,
  inner: string,
  sectionType: string,
  bodyType: 'frontmatter' | 'backmatter',
  language: string,
  role?: string,
): ContentDocument {
  const roleAttribute = role ? ` role="${role}"` : '';
  return {
    id,
    file: `${id}.xhtml`,
    xhtml: xhtmlDocument(
      title,
      `<section${sectionType ? ` epub:type="${sectionType}"` : ''}${roleAttribute} aria-label="${escapeXml(title)}">
${inner}
</section>`,
      bodyType,
      language,
    ),
  };
}

const paragraphsXhtml = (lines: readonly string[], className = '') =>
  lines.map((line) => `<p${className ? ` class="${className}"` : ''}>${escapeXml(line)}</p>`).join('\n');

/** The files before the first chapter: cover, title page, copyright, dedication, epigraph, contents. */
function frontMatter(
  manuscript: Manuscript,
  layout: ExportLayout,
  cover: CoverImage | undefined,
  language: string,
  year: number,
): ContentDocument[] {
  const front = manuscript.book.front_matter;
  const book = layout === 'book';
  const documents: ContentDocument[] = [];
  if (cover) {
    const alternative = `Cover of ${manuscript.title}${manuscript.authorName ? ` by ${manuscript.authorName}` : ''}`;
    documents.push(
      matterDocument(
        'cover',
        manuscript.title,
        `<p class="cover"><img src="${coverFileName(cover)}" alt="${escapeXml(alternative)}"/></p>`,
        'cover',
        'frontmatter',
        language,
      ),
    );
  }
  if (!book || front.title_page) {
    documents.push(
      matterDocument(
        'title-page',
        manuscript.title,
        `<div class="title-page">
<p class="title">${escapeXml(manuscript.title)}</p>
<p class="author">${escapeXml(manuscript.authorName)}</p>
</div>`,
        'titlepage',
        'frontmatter',
        language,
      ),
    );
  }
  if (book && front.copyright_page) {
    documents.push(
      matterDocument(
        'copyright',
        'Copyright',
        `<div class="copyright">\n${paragraphsXhtml(copyrightLines(manuscript, year))}\n</div>`,
        'copyright-page',
        'frontmatter',
        language,
      ),
    );
  }
  if (book && front.dedication) {
    documents.push(
      matterDocument(
        'dedication',
        'Dedication',
        `<div class="dedication">\n${paragraphsXhtml(matterParagraphs(front.dedication))}\n</div>`,
        'dedication',
        'frontmatter',
        language,
        'doc-dedication',
      ),
    );
  }
  if (book && front.epigraph) {
    const source = front.epigraph_source
      ? `\n<p class="source">— ${escapeXml(front.epigraph_source)}</p>`
      : '';
    documents.push(
      matterDocument(
        'epigraph',
        'Epigraph',
        `<div class="epigraph">\n${paragraphsXhtml(matterParagraphs(front.epigraph))}${source}\n</div>`,
        'epigraph',
        'frontmatter',
        language,
        'doc-epigraph',
      ),
    );
  }
  return documents;
}

/** The EPUB's type and DPUB-ARIA role of each back-matter section (none for those the vocabularies lack). */
const BACK_MATTER_SEMANTICS: Record<BackMatterSection['id'], { type: string; role?: string }> = {
  acknowledgements: { type: 'acknowledgments', role: 'doc-acknowledgments' },
  'about-the-author': { type: '' },
  'also-by': { type: '' },
};

/** The files after the last chapter: acknowledgements, about the author, the author's other books. */
function backMatter(manuscript: Manuscript, language: string): ContentDocument[] {
  return backMatterSections(manuscript).map((section) => {
    const body = section.list
      ? `<ul class="also-by">\n${section.lines.map((title) => `<li>${escapeXml(title)}</li>`).join('\n')}\n</ul>`
      : paragraphsXhtml(section.lines, 'indent');
    const { type, role } = BACK_MATTER_SEMANTICS[section.id];
    return {
      ...matterDocument(
        section.id,
        section.title,
        `<h1>${escapeXml(section.title)}</h1>\n${body}`,
        type,
        'backmatter',
        language,
        role,
      ),
      listedAs: section.title,
    };
  });
}

export interface EpubOptions {
  /** The year a copyright line states when the author set none (the file's year otherwise). */
  year?: number;
}

/** The print edition's page starts by chapter, then by block (-1: before the chapter's heading). */
function pageBreaksByChapter(pages: NonNullable<Manuscript['printEdition']>['pages']) {
  const byChapter = new Map<number, Map<number, BlockPageBreak[]>>();
  for (const { chapter, block, word, page } of pages) {
    const blocks = byChapter.get(chapter) ?? new Map<number, BlockPageBreak[]>();
    blocks.set(block, [...(blocks.get(block) ?? []), { word, page }]);
    byChapter.set(chapter, blocks);
  }
  return byChapter;
}

/** The book's files in reading order, with its style sheet: what the EPUB zips and the preview shows. */
export interface EpubContent {
  documents: ContentDocument[];
  styleSheet: string;
  language: string;
}

export function epubContent(
  manuscript: Manuscript,
  exportLayout: ExportLayout,
  options: EpubOptions = {},
): EpubContent {
  const layout = pageLayout(exportLayout);
  const settings = manuscript.book;
  const language = settings.language;
  const book = exportLayout === 'book';
  const ornament = book ? sceneBreakOrnament(settings) : layout.sceneBreakMark;
  const year = options.year ?? new Date().getUTCFullYear();

  const front = frontMatter(manuscript, exportLayout, manuscript.cover, language, year);
  const breaks = pageBreaksByChapter(manuscript.printEdition?.pages ?? []);
  const chapters: ContentDocument[] = manuscript.chapters.map((chapter, index) => {
    const title = chapterHeading(chapter.title, index);
    const chapterBreaks = breaks.get(index) ?? new Map<number, BlockPageBreak[]>();
    const headingMarkers = (chapterBreaks.get(-1) ?? []).map(({ page }) => pageBreakMarker(page)).join('');
    const body = `<section epub:type="chapter" role="doc-chapter" aria-labelledby="title">
${headingMarkers}<h1 id="title">${escapeXml(title)}</h1>
${blocksXhtml(chapterBlocks(chapter.paragraphs), layout, chapterBreaks)}
</section>`;
    return {
      id: `chapter-${index + 1}`,
      file: chapterFile(index),
      listedAs: title,
      xhtml: xhtmlDocument(title, body, 'bodymatter', language),
    };
  });
  const back = book ? backMatter(manuscript, language) : [];
  const listed = [...front, ...chapters, ...back];
  const navigation: ContentDocument = {
    id: 'nav',
    file: 'nav.xhtml',
    xhtml: navigationDocument(manuscript, listed, language),
    nonLinear: !(book && settings.front_matter.table_of_contents),
  };
  return {
    documents: [...front, navigation, ...chapters, ...back],
    styleSheet: styleSheet(layout, ornament),
    language,
  };
}

/** The cover's file name inside the book. */
export const coverFileName = (cover: CoverImage) =>
  `cover.${cover.contentType === 'image/png' ? 'png' : 'jpg'}`;

export async function renderEpub(
  manuscript: Manuscript,
  exportLayout: ExportLayout,
  options: EpubOptions = {},
): Promise<RenderedExport> {
  const { documents, styleSheet: css, language } = epubContent(manuscript, exportLayout, options);
  // EPUB wants the time to the second, in UTC.
  const modified = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const zip = new JSZip();
  // The mimetype must come first and uncompressed so a reader can recognise the file from its first bytes.
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file('META-INF/container.xml', CONTAINER_XML);
  zip.file(
    'OEBPS/content.opf',
    packageDocument(
      manuscript,
      documents,
      manuscript.cover,
      language,
      modified,
      manuscript.printEdition?.source,
    ),
  );
  zip.file('OEBPS/styles.css', css);
  if (manuscript.cover) zip.file(`OEBPS/${coverFileName(manuscript.cover)}`, manuscript.cover.body);
  for (const document of documents) zip.file(`OEBPS/${document.file}`, document.xhtml);
  const body = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
  return { body, contentType: 'application/epub+zip', extension: 'epub' };
}
