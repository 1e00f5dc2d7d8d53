import type { CSSProperties } from 'react';
import { inlineNodeText } from '../../../../../shared/paragraph-text';
import { TEXT_FORMAT_BITS, type InlineNode, type Paragraph } from '../../../../../shared/schemas/paragraph';
import { KEY_ID_ATTRIBUTE } from '../text-offsets';

const ALIGNMENTS: Record<Paragraph['format'], CSSProperties['textAlign']> = {
  '': undefined,
  left: 'left',
  start: 'start',
  center: 'center',
  right: 'right',
  end: 'end',
  justify: 'justify',
};

function runStyle(node: InlineNode): CSSProperties | undefined {
  const format = (node as { format?: unknown }).format;
  if (typeof format !== 'number' || format === 0) return undefined;
  const lines = [
    format & TEXT_FORMAT_BITS.underline ? 'underline' : '',
    format & TEXT_FORMAT_BITS.strikethrough ? 'line-through' : '',
  ].filter(Boolean);
  return {
    fontWeight: format & TEXT_FORMAT_BITS.bold ? 700 : undefined,
    fontStyle: format & TEXT_FORMAT_BITS.italic ? 'italic' : undefined,
    textDecoration: lines.length > 0 ? lines.join(' ') : undefined,
  };
}

/**
 * A stored paragraph, read-only: each inline node one span of its text (`pre-wrap` shows line breaks and tabs
 * from the text itself), so the element's text is the paragraph's text and selections map to anchor offsets.
 * Text is only ever rendered as text.
 */
export function ReadOnlyParagraph({ keyId, paragraph }: { keyId: string; paragraph: Paragraph }) {
  const children = paragraph.children.filter((node) => inlineNodeText(node) !== '');
  return (
    <p
      {...{ [KEY_ID_ATTRIBUTE]: keyId }}
      dir={paragraph.direction ?? undefined}
      style={{
        textAlign: ALIGNMENTS[paragraph.format],
        paddingInlineStart: paragraph.indent > 0 ? `${paragraph.indent * 2}em` : undefined,
      }}
    >
      {children.length === 0 ? (
        // An empty paragraph keeps its line, as in the editor; a <br> adds no text.
        <br />
      ) : (
        children.map((node, index) => (
          <span key={index} style={runStyle(node)}>
            {inlineNodeText(node)}
          </span>
        ))
      )}
    </p>
  );
}
