import {
  inlineNodeText,
  isEditableText,
  type ChapterText,
  type StoredParagraph,
} from '../../../shared/paragraph-text';
import type { InlineNode, Paragraph } from '../../../shared/schemas/paragraph';

/**
 * A paragraph reduced to what the story-wide reads look at, so a chapter's text can be cached small: the same
 * visible text, and the same answer to the two questions they ask of a range of it — does it cover only
 * editable text (search, replace, rename), and is that text formatted alike throughout (the mentions the
 * editor highlights)? Editable neighbours formatted alike become one text run; whatever is not editable text
 * (tabs, line breaks, token text, nodes of later types) becomes one node of a type nothing edits; nodes
 * without text go, as no range can cover them. Not for writing back: formatting beyond that is dropped.
 */

/** The type of the node standing for text that is not editable (see `isEditableText`). */
const NOT_EDITABLE = 'not-editable';

function formatOf(node: InlineNode): { format: number; style: string } {
  const { format, style } = node as { format?: unknown; style?: unknown };
  return { format: typeof format === 'number' ? format : 0, style: typeof style === 'string' ? style : '' };
}

export function compactParagraph(paragraph: Paragraph): Paragraph {
  const children: InlineNode[] = [];
  for (const node of paragraph.children) {
    const text = inlineNodeText(node);
    if (text === '') continue;
    const previous = children[children.length - 1] as (InlineNode & { text: string }) | undefined;
    if (!isEditableText(node)) {
      if (previous?.type === NOT_EDITABLE) previous.text += text;
      else children.push({ type: NOT_EDITABLE, text });
      continue;
    }
    const { format, style } = formatOf(node);
    const joinsPrevious = previous?.type === 'text' && previous.format === format && previous.style === style;
    if (joinsPrevious) previous.text += text;
    else children.push({ type: 'text', text, format, style, detail: 0 });
  }
  return { type: 'custom-paragraph', format: '', indent: 0, direction: null, children };
}

/** The chapter with each paragraph compacted. */
export function compactChapterText(chapter: ChapterText): ChapterText {
  return {
    chapter_id: chapter.chapter_id,
    title: chapter.title,
    place: chapter.place,
    paragraphs: chapter.paragraphs.map((stored): StoredParagraph => ({
      key_id: stored.key_id,
      paragraph: compactParagraph(stored.paragraph),
    })),
  };
}
