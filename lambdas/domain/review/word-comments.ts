import JSZip from 'jszip';
import { ANCHOR_CONTEXT_LENGTH } from '../../../shared/anchoring';
import { MANUSCRIPT_NOT_DOCX_MESSAGE } from '../../../shared/manuscript-import';
import { UnsupportedMediaTypeError } from '../../errors';

/**
 * The comments of a Word document (issue 24 §5), read from its XML with the `w:` prefix Word and every
 * library write: each comment's author, date and text (word/comments.xml), the words it is on with their
 * context (word/document.xml), and which comment it replies to (word/commentsExtended.xml).
 */

export interface WordComment {
  id: string;
  author: string;
  /** ISO date, when the file gives one. */
  date?: string;
  /** The comment's paragraphs, joined by line breaks. */
  body: string;
  /** The commented words and up to 32 characters either side in the same paragraph; absent with no range. */
  quote?: { exact: string; prefix: string; suffix: string; start: number };
  /** The id of the comment this one replies to (Word's threads). */
  parentId?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? entity;
  });
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decodeXml(value);
}

/** The text Word shows of a run of XML: its w:t, tabs and line breaks. */
function runText(xml: string): string {
  let text = '';
  for (const [tag, content] of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\b[^>]*\/>/g)) {
    if (content !== undefined) text += decodeXml(content);
    else if (tag === '<w:tab/>') text += '\t';
    else if (!/w:type="(?:page|column)"/.test(tag)) text += '\n';
  }
  return text;
}

/** Comment id → its w14:paraId (the last paragraph's, which commentsExtended.xml names). */
function readComments(xml: string): { comments: WordComment[]; paraIds: Map<string, string> } {
  const comments: WordComment[] = [];
  const paraIds = new Map<string, string>();
  for (const [, tag = '', body = ''] of xml.matchAll(/<w:comment(\s[^>]*)>([\s\S]*?)<\/w:comment>/g)) {
    const id = attribute(tag, 'w:id');
    if (id === undefined) continue;
    const paragraphs = [...body.matchAll(/<w:p\b[^>]*>[\s\S]*?<\/w:p>/g)].map(([paragraph]) => paragraph);
    const lastParaId = attribute(/^<w:p\b[^>]*>/.exec(paragraphs.at(-1) ?? '')?.[0] ?? '', 'w14:paraId');
    if (lastParaId) paraIds.set(lastParaId, id);
    const date = attribute(tag, 'w:date');
    comments.push({
      id,
      author: attribute(tag, 'w:author') ?? '',
      ...(date ? { date } : {}),
      body: paragraphs.map(runText).join('\n').trim(),
    });
  }
  return { comments, paraIds };
}

/** Reply id → parent id, from the w15:commentEx entries linking paragraphs of comments. */
function readThreads(xml: string, paraIds: ReadonlyMap<string, string>): Map<string, string> {
  const parents = new Map<string, string>();
  for (const [tag] of xml.matchAll(/<w15:commentEx\b[^>]*\/?>/g)) {
    const child = paraIds.get(attribute(tag, 'w15:paraId') ?? '');
    const parent = paraIds.get(attribute(tag, 'w15:paraIdParent') ?? '');
    if (child !== undefined && parent !== undefined) parents.set(child, parent);
  }
  return parents;
}

interface Position {
  paragraph: number;
  offset: number;
}

/**
 * Each paragraph's text as it was before tracked changes (deleted words kept, inserted ones left out: the text
 * the story still has), and where each comment range starts and ends in it.
 */
function readRanges(xml: string) {
  const paragraphs: string[] = [];
  const starts = new Map<string, Position>();
  const ends = new Map<string, Position>();
  let current: string | undefined;
  let insertionDepth = 0;
  const here = (): Position =>
    current === undefined
      ? { paragraph: paragraphs.length, offset: 0 }
      : { paragraph: paragraphs.length, offset: current.length };
  const tokens =
    /<w:p(?=[\s>/])[^>]*?(\/)?>|<\/w:p>|<w:ins\b[^>]*?(\/)?>|<\/w:ins>|<w:(?:t|delText)(?:\s[^>]*)?>([^<]*)<\/w:(?:t|delText)>|<w:tab\/>|<w:br\b[^>]*\/>|<w:commentRange(Start|End)\b[^>]*\/>/g;
  for (const [tag, emptyParagraph, emptyInsertion, text, rangeEdge] of xml.matchAll(tokens)) {
    if (tag.startsWith('<w:p')) {
      if (emptyParagraph) paragraphs.push('');
      else current = '';
    } else if (tag === '</w:p>') {
      paragraphs.push(current ?? '');
      current = undefined;
    } else if (tag.startsWith('<w:ins')) {
      if (!emptyInsertion) insertionDepth += 1;
    } else if (tag === '</w:ins>') {
      insertionDepth = Math.max(0, insertionDepth - 1);
    } else if (rangeEdge) {
      const id = attribute(tag, 'w:id');
      if (id !== undefined) (rangeEdge === 'Start' ? starts : ends).set(id, here());
    } else if (current !== undefined && insertionDepth === 0) {
      current += text !== undefined ? decodeXml(text) : tag === '<w:tab/>' ? '\t' : runText(tag);
    }
  }
  return { paragraphs, starts, ends };
}

/** The quote a range marks; a range running on into later paragraphs is cut at the end of its first. */
function quoteOf(
  paragraphs: readonly string[],
  start: Position | undefined,
  end: Position | undefined,
): WordComment['quote'] {
  const text = start && paragraphs[start.paragraph];
  if (!start || text === undefined) return undefined;
  const to = end && end.paragraph === start.paragraph ? Math.max(end.offset, start.offset) : text.length;
  return {
    exact: text.slice(start.offset, to),
    prefix: text.slice(Math.max(0, start.offset - ANCHOR_CONTEXT_LENGTH), start.offset),
    suffix: text.slice(to, to + ANCHOR_CONTEXT_LENGTH),
    start: start.offset,
  };
}

/** The document's comments in file order; a file that is no .docx is refused as the story import refuses it. */
export async function readWordComments(bytes: Uint8Array): Promise<WordComment[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_DOCX_MESSAGE);
  }
  const document = await zip.file('word/document.xml')?.async('string');
  if (document === undefined) throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_DOCX_MESSAGE);
  const commentsXml = (await zip.file('word/comments.xml')?.async('string')) ?? '';
  const extendedXml = (await zip.file('word/commentsExtended.xml')?.async('string')) ?? '';
  const { comments, paraIds } = readComments(commentsXml);
  const parents = readThreads(extendedXml, paraIds);
  const { paragraphs, starts, ends } = readRanges(document);
  return comments.map((comment) => {
    const quote = quoteOf(paragraphs, starts.get(comment.id), ends.get(comment.id));
    const parentId = parents.get(comment.id);
    return { ...comment, ...(quote ? { quote } : {}), ...(parentId ? { parentId } : {}) };
  });
}
