/**
 * The visible text of a stored paragraph (`shared/schemas/paragraph.ts`) and where each part of it comes
 * from. The text is what the editor's paragraph `getTextContent()` gives, so offsets found here are the
 * offsets the editor's association scan works with: text runs and association nodes give their text, a tab
 * its '\t', a line break '\n', and a node of a type added later its `text` if it has one.
 */
import type { AssociationMention } from './association-matcher';
import { inlineNodeText } from './inline-node-text';
import { ParagraphSchema, type InlineNode, type Paragraph } from './schemas/paragraph';

export { inlineNodeText };

/** A paragraph as the story-wide tools read it: its block's key_id and its parsed content. */
export interface StoredParagraph {
  key_id: string;
  paragraph: Paragraph;
}

/** A chapter's stored paragraphs in order, with what the answers of issue 13 and 14 name it by. */
export interface ChapterText {
  chapter_id: string;
  title: string;
  /** 1-based. */
  place: number;
  paragraphs: readonly StoredParagraph[];
}

/** One child of a paragraph and the span of the paragraph's text it holds: [start, end). */
export interface InlineSpan {
  /** The child's index in `paragraph.children`. */
  childIndex: number;
  node: InlineNode;
  start: number;
  end: number;
}

export interface ParagraphText {
  text: string;
  /** One per child, in order; a child without text has an empty span. */
  spans: InlineSpan[];
}

/** The paragraph's visible text and the span of it each child holds. */
export function paragraphText(paragraph: Paragraph): ParagraphText {
  let text = '';
  const spans: InlineSpan[] = [];
  paragraph.children.forEach((node, childIndex) => {
    const content = inlineNodeText(node);
    spans.push({ childIndex, node, start: text.length, end: text.length + content.length });
    text += content;
  });
  return { text, spans };
}

/**
 * The spans that hold some of [start, end), in order. An empty range touches nothing. Spans come sorted and
 * back to back, so a binary search finds the first.
 */
export function spansCovering(spans: readonly InlineSpan[], start: number, end: number): InlineSpan[] {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]!.end <= start) low = middle + 1;
    else high = middle;
  }
  const covering: InlineSpan[] = [];
  for (let index = low; index < spans.length && spans[index]!.start < end; index += 1) {
    if (spans[index]!.end > spans[index]!.start) covering.push(spans[index]!);
  }
  return covering;
}

/** Text the author types and edits: text runs and association mentions. Never tabs, breaks or other nodes. */
export function isEditableText(node: InlineNode): boolean {
  if (node.type === 'association') return true;
  if (node.type !== 'text') return false;
  // Lexical's token and segmented text is edited as a whole, never as plain text (`isSimpleText`).
  const mode = (node as { mode?: unknown }).mode;
  return mode === undefined || mode === 'normal';
}

function formatOf(node: InlineNode): { format: number; style: string } {
  const { format, style } = node as { format?: unknown; style?: unknown };
  return { format: typeof format === 'number' ? format : 0, style: typeof style === 'string' ? style : '' };
}

/**
 * The mentions the editor highlights (its association scan wraps exactly these): those over editable text
 * formatted alike throughout, since one mention node has one format. A name written half in italics is found
 * by the matcher but not highlighted, so it is not counted either. Mentions come sorted and never overlap.
 */
export function highlightedMentions(
  spans: readonly InlineSpan[],
  mentions: readonly AssociationMention[],
): AssociationMention[] {
  return mentions.filter((mention) => {
    const covered = spansCovering(spans, mention.start, mention.end);
    if (covered.length === 0 || !covered.every((span) => isEditableText(span.node))) return false;
    const { format, style } = formatOf(covered[0]!.node);
    return covered.every((span) => {
      const other = formatOf(span.node);
      return other.format === format && other.style === style;
    });
  });
}

/** A stored block's `chunk` as a paragraph, or undefined when it is not one (never stored by the API). */
export function parseParagraphChunk(chunk: string): Paragraph | undefined {
  try {
    const parsed = ParagraphSchema.safeParse(JSON.parse(chunk));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The width snippets aim for (issue 13 §1 and 14 §3: "about 120 characters"). */
export const SNIPPET_LENGTH = 120;

const WHITESPACE = /\s/u;

/**
 * About `length` characters of `text` around [start, end), the match in the middle where the text allows,
 * cut at spaces so no word is split, with '…' where text was left out. Tabs and line breaks read as spaces.
 * A match longer than `length` is given whole.
 */
export function snippetAround(text: string, start: number, end: number, length = SNIPPET_LENGTH): string {
  const windowLength = Math.max(length, end - start);
  const centred = start - Math.floor((windowLength - (end - start)) / 2);
  let from = Math.min(Math.max(0, centred), Math.max(0, text.length - windowLength));
  let to = Math.min(text.length, from + windowLength);
  // A cut inside a word moves inwards to the next space, never past the match.
  if (from > 0 && !WHITESPACE.test(text[from - 1]!)) {
    const space = text.slice(from, start).search(WHITESPACE);
    from = space === -1 ? start : from + space + 1;
  }
  if (to < text.length && !WHITESPACE.test(text[to]!)) {
    let cut = to;
    while (cut > end && !WHITESPACE.test(text[cut - 1]!)) cut -= 1;
    to = cut;
  }
  const body = text.slice(from, to).replace(/\s+/gu, ' ').trim();
  return `${from > 0 ? '…' : ''}${body}${to < text.length ? '…' : ''}`;
}
