import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import type { ExportLayout, Manuscript, RenderedExport } from './manuscript';
import { type PageLayout, firstLineIndent, pageLayout } from './page-layouts';
import { type ManuscriptBlock, type StyledRun, chapterBlocks } from './paragraph-runs';

/**
 * A manuscript as an EPUB 3 (`jszip`): the mimetype entry first and stored, the container, a package document
 * with a stable identifier and its modification time, a navigation document (the table of contents), a title
 * page, one XHTML file per chapter and one style sheet. The page belongs to the e-reader, so a layout only
 * chooses the text's proportions (spacing, indents, justification) and never embeds a font.
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

function blocksXhtml(blocks: readonly ManuscriptBlock[], layout: PageLayout): string {
  const lines: string[] = [];
  let startsSection = true;
  for (const block of blocks) {
    if (block.kind === 'scene-break') {
      lines.push(`<p class="scene-break" role="separator">${escapeXml(layout.sceneBreakMark)}</p>`);
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
      lines.push(`<p class="${classes.join(' ')}">${block.runs.map(runXhtml).join('')}</p>`);
      startsSection = false;
    }
  }
  return lines.join('\n');
}

function xhtmlDocument(title: string, body: string, bodyType: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html ${XHTML_NAMESPACES} xml:lang="en" lang="en">
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

function styleSheet(layout: PageLayout): string {
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
p.scene-break { text-align: center; margin: 0.5em 0; }
${levels.join('\n')}
.title-page { text-align: center; margin-top: 30%; }
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

function packageDocument(manuscript: Manuscript, modified: string): string {
  const chapterIds = manuscript.chapters.map((_, index) => `chapter-${index + 1}`);
  const manifest = manuscript.chapters.map(
    (_, index) =>
      `<item id="${chapterIds[index]}" href="${chapterFile(index)}" media-type="application/xhtml+xml"/>`,
  );
  const spine = chapterIds.map((id) => `<itemref idref="${id}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${storyUuid(manuscript.storyId)}</dc:identifier>
<dc:title>${escapeXml(manuscript.title)}</dc:title>
<dc:creator>${escapeXml(manuscript.authorName)}</dc:creator>
<dc:language>en</dc:language>
<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="styles.css" media-type="text/css"/>
<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>
${manifest.join('\n')}
</manifest>
<spine>
<itemref idref="title-page"/>
<itemref idref="nav" linear="no"/>
${spine.join('\n')}
</spine>
</package>
`;
}

function navigationDocument(manuscript: Manuscript): string {
  const entries = manuscript.chapters.map(
    (chapter, index) =>
      `<li><a href="${chapterFile(index)}">${escapeXml(chapter.title) || `Chapter ${index + 1}`}</a></li>`,
  );
  return xhtmlDocument(
    manuscript.title,
    `<nav epub:type="toc" id="toc" role="doc-toc">
<h1>Contents</h1>
<ol>
${entries.join('\n')}
</ol>
</nav>`,
    'frontmatter',
  );
}

function titlePage(manuscript: Manuscript): string {
  return xhtmlDocument(
    manuscript.title,
    `<section class="title-page" epub:type="titlepage">
<p class="title">${escapeXml(manuscript.title)}</p>
<p class="author">${escapeXml(manuscript.authorName)}</p>
</section>`,
    'frontmatter',
  );
}

export async function renderEpub(
  manuscript: Manuscript,
  exportLayout: ExportLayout,
): Promise<RenderedExport> {
  const layout = pageLayout(exportLayout);
  // EPUB wants the time to the second, in UTC.
  const modified = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const zip = new JSZip();
  // The mimetype must come first and uncompressed so a reader can recognise the file from its first bytes.
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file('META-INF/container.xml', CONTAINER_XML);
  zip.file('OEBPS/content.opf', packageDocument(manuscript, modified));
  zip.file('OEBPS/nav.xhtml', navigationDocument(manuscript));
  zip.file('OEBPS/styles.css', styleSheet(layout));
  zip.file('OEBPS/title.xhtml', titlePage(manuscript));
  manuscript.chapters.forEach((chapter, index) => {
    const body = `<section epub:type="chapter" role="doc-chapter" aria-labelledby="title">
<h1 id="title">${escapeXml(chapter.title)}</h1>
${blocksXhtml(chapterBlocks(chapter.paragraphs), layout)}
</section>`;
    zip.file(
      `OEBPS/${chapterFile(index)}`,
      xhtmlDocument(chapter.title || manuscript.title, body, 'bodymatter'),
    );
  });
  const body = await zip.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
  return { body, contentType: 'application/epub+zip', extension: 'epub' };
}
