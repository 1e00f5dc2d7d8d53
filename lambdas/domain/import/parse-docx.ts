import mammoth from 'mammoth';
import { MANUSCRIPT_NOT_DOCX_MESSAGE } from '../../../shared/manuscript-import';
import { UnsupportedMediaTypeError } from '../../errors';
import { type ImportedManuscript, ManuscriptCollector } from './manuscript-collector';
import { type Alignment, type ParagraphDraft, plainText, TEXT_FORMAT } from './paragraph-builder';
import { type ParagraphStyles, readParagraphStyles } from './docx-paragraph-styles';

/**
 * The parts of mammoth's document model this importer reads (mammoth README, "Document transforms"; its
 * typings leave the model as `any`). Paragraphs carry the direct `w:jc` and `w:ind` of the file.
 */
interface MammothElement {
  type: string;
  children?: MammothElement[];
}
interface MammothParagraph extends MammothElement {
  type: 'paragraph';
  styleId: string | null;
  styleName: string | null;
  alignment: string | null;
}
interface MammothRun extends MammothElement {
  type: 'run';
  styleName: string | null;
  isBold: boolean;
  isItalic: boolean;
  isUnderline: boolean;
  isStrikethrough: boolean;
}
interface MammothText extends MammothElement {
  type: 'text';
  value: string;
}
interface MammothBreak extends MammothElement {
  type: 'break';
  breakType: 'line' | 'page' | 'column';
}

const HEADING_STYLE_NAME = /^heading\s*([12])$/i;

/** Word's `w:jc` values as the editor's alignments; left (or start) is the editor's default, ''. */
const ALIGNMENTS: Record<string, Alignment> = {
  center: 'center',
  right: 'right',
  end: 'right',
  both: 'justify',
  distribute: 'justify',
  justify: 'justify',
};

/**
 * Word's built-in character styles for emphasis; mammoth reports only direct formatting, and authors who
 * italicise with the Emphasis style would otherwise lose it.
 */
const ITALIC_CHARACTER_STYLE = /^(?:subtle |intense )?emphasis$/i;
const BOLD_CHARACTER_STYLE = /^strong$/i;

function runFormat(run: MammothRun): number {
  const styleName = run.styleName ?? '';
  return (
    (run.isBold || BOLD_CHARACTER_STYLE.test(styleName) ? TEXT_FORMAT.bold : 0) |
    (run.isItalic || ITALIC_CHARACTER_STYLE.test(styleName) ? TEXT_FORMAT.italic : 0) |
    (run.isStrikethrough ? TEXT_FORMAT.strikethrough : 0) |
    (run.isUnderline ? TEXT_FORMAT.underline : 0)
  );
}

function isHeading(paragraph: MammothParagraph): boolean {
  return HEADING_STYLE_NAME.test(paragraph.styleName ?? '') || /^Heading[12]$/.test(paragraph.styleId ?? '');
}

/**
 * One Word paragraph as drafts: a line break (Shift+Enter) starts another paragraph, as the spec's paste
 * rule does with lines; a page or column break is layout and is dropped, as are images and notes.
 */
function paragraphDrafts(paragraph: MammothParagraph, styles: ParagraphStyles): ParagraphDraft[] {
  const style = styles.get(paragraph.styleId);
  const alignment = ALIGNMENTS[paragraph.alignment ?? style.alignment ?? ''] ?? '';
  const drafts: ParagraphDraft[] = [{ alignment, runs: [] }];
  const visit = (element: MammothElement, format: number) => {
    switch (element.type) {
      case 'text':
        drafts[drafts.length - 1]!.runs.push({ text: (element as MammothText).value, format });
        return;
      case 'tab':
        drafts[drafts.length - 1]!.runs.push({ text: '\t', format });
        return;
      case 'break':
        if ((element as MammothBreak).breakType === 'line') drafts.push({ alignment, runs: [] });
        return;
      case 'run':
        for (const child of element.children ?? []) visit(child, runFormat(element as MammothRun));
        return;
      default:
        for (const child of element.children ?? []) visit(child, format);
    }
  };
  for (const child of paragraph.children ?? []) visit(child, 0);
  return drafts;
}

/** Mammoth's model of the file; its HTML conversion is skipped, since only the model is needed. */
async function readDocumentModel(bytes: Uint8Array): Promise<MammothElement> {
  let document: MammothElement | undefined;
  try {
    await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        transformDocument: (element: MammothElement) => {
          document = element;
          return { ...element, children: [] };
        },
      },
    );
  } catch {
    // A zip with a .docx's content type but no readable word/document.xml.
    throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_DOCX_MESSAGE);
  }
  if (!document) throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_DOCX_MESSAGE);
  return document;
}

/**
 * A Word manuscript: Heading 1 and Heading 2 start chapters and give their titles; bold, italic, underline,
 * strikethrough and alignment are kept; indents follow the autotab rule (`autotabStarts`). Tables give their
 * cells' paragraphs in order.
 */
export async function parseDocx(
  bytes: Uint8Array,
  untitledChapterTitle: string,
): Promise<ImportedManuscript> {
  const [document, styles] = await Promise.all([readDocumentModel(bytes), readParagraphStyles(bytes)]);
  const collector = new ManuscriptCollector(untitledChapterTitle);
  const visit = (element: MammothElement) => {
    if (element.type !== 'paragraph') {
      for (const child of element.children ?? []) visit(child);
      return;
    }
    const paragraph = element as MammothParagraph;
    const drafts = paragraphDrafts(paragraph, styles);
    if (!isHeading(paragraph)) {
      for (const draft of drafts) collector.addParagraph(draft);
      return;
    }
    // An empty heading paragraph is left-over spacing, not a chapter.
    const heading = drafts.map(plainText).join(' ');
    if (heading.trim() !== '') collector.startChapter(heading);
  };
  visit(document);
  return collector.finish();
}
