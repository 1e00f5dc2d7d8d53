import { TEXT_TYPE_TO_FORMAT } from 'lexical';
import type { PastedRun } from '../../../../../shared/text-normalisation';

/**
 * The text of an HTML clipboard payload (Word, Google Docs, a web page, the editor itself) as lines of runs
 * with the formatting the editor keeps: bold, italic, underline and strikethrough, as Lexical's format bits.
 * Every block (paragraph, heading, list item, ...) and every line break makes a line; nothing else of the
 * source's layout or styling is taken. Formatting comes from tags and from inline styles, which override
 * tags: Google Docs wraps a whole copy in `<b style="font-weight:normal">`.
 */

const BOLD = TEXT_TYPE_TO_FORMAT.bold!;
const ITALIC = TEXT_TYPE_TO_FORMAT.italic!;
const UNDERLINE = TEXT_TYPE_TO_FORMAT.underline!;
const STRIKETHROUGH = TEXT_TYPE_TO_FORMAT.strikethrough!;

const TAG_FORMATS: Record<string, number> = {
  B: BOLD,
  STRONG: BOLD,
  I: ITALIC,
  EM: ITALIC,
  CITE: ITALIC,
  U: UNDERLINE,
  INS: UNDERLINE,
  S: STRIKETHROUGH,
  STRIKE: STRIKETHROUGH,
  DEL: STRIKETHROUGH,
};

const BLOCK_TAGS = new Set([
  'ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIGCAPTION', 'FIGURE', 'FOOTER',
  'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION',
  'TABLE', 'TR', 'UL',
]); // prettier-ignore

/** Elements whose content is not text an author copied. */
const SKIPPED_TAGS = new Set([
  'HEAD',
  'IMG',
  'LINK',
  'META',
  'NOSCRIPT',
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'TITLE',
]);

/** Whitespace HTML collapses to one space (not the no-break space, which authors and Word use to indent). */
const COLLAPSIBLE_WHITESPACE = /[ \t\n\r\f]+/g;

function formatOf(element: HTMLElement, inherited: number): number {
  let format = inherited | (TAG_FORMATS[element.tagName] ?? 0);
  const { fontWeight, fontStyle, textDecoration, textDecorationLine } = element.style;
  if (fontWeight) {
    const weight = Number(fontWeight);
    const bold = fontWeight === 'bold' || fontWeight === 'bolder' || weight >= 600;
    format = bold ? format | BOLD : format & ~BOLD;
  }
  if (fontStyle) format = fontStyle === 'normal' ? format & ~ITALIC : format | ITALIC;
  // A decoration is drawn across everything inside, whatever the children say, so it is only ever added.
  const decoration = `${textDecoration} ${textDecorationLine}`;
  if (decoration.includes('underline')) format |= UNDERLINE;
  if (decoration.includes('line-through')) format |= STRIKETHROUGH;
  return format;
}

function preservesWhitespace(element: HTMLElement, inherited: boolean): boolean {
  if (element.tagName === 'PRE') return true;
  const { whiteSpace } = element.style;
  if (!whiteSpace) return inherited;
  return whiteSpace.startsWith('pre') || whiteSpace === 'break-spaces';
}

/** Spaces at the edges of a line are the source's markup layout, not text (HTML does not show them either). */
function trimLine(runs: PastedRun[]): PastedRun[] {
  const trimmed = runs.map((run) => ({ ...run }));
  while (trimmed.length > 0 && (trimmed[0]!.text = trimmed[0]!.text.replace(/^ +/, '')) === '')
    trimmed.shift();
  while (
    trimmed.length > 0 &&
    (trimmed[trimmed.length - 1]!.text = trimmed[trimmed.length - 1]!.text.replace(/ +$/, '')) === ''
  ) {
    trimmed.pop();
  }
  return trimmed;
}

export function clipboardHtmlToLines(html: string): PastedRun[][] {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const lines: PastedRun[][] = [];
  /** The line being written; null between blocks, so a block boundary ends at most one line. */
  let current: PastedRun[] | null = null;
  const endLine = () => {
    if (current !== null) lines.push(current);
    current = null;
  };
  const append = (text: string, format: number) => {
    current ??= [];
    const previous = current[current.length - 1];
    if (previous && previous.format === format) previous.text += text;
    else current.push({ text, format });
  };

  const walk = (node: Node, format: number, preserve: boolean) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = preserve
        ? (node.textContent ?? '')
        : (node.textContent ?? '').replace(COLLAPSIBLE_WHITESPACE, ' ');
      // Whitespace between blocks is markup layout; it would otherwise open a blank line.
      if (text === '' || (!preserve && current === null && text === ' ')) return;
      append(text, format);
      return;
    }
    if (!(node instanceof HTMLElement) || SKIPPED_TAGS.has(node.tagName)) return;
    const { style } = node;
    if (style.display === 'none' || /mso-list:\s*ignore/i.test(node.getAttribute('style') ?? '')) return;
    if (node.tagName === 'BR') {
      lines.push(current ?? []);
      current = null;
      return;
    }
    // Word writes a tab as a span of no-break spaces marked with its tab count.
    if (/mso-tab-count/i.test(node.getAttribute('style') ?? '')) {
      append('\t', format);
      return;
    }
    const block = BLOCK_TAGS.has(node.tagName);
    if (block) endLine();
    const childFormat = formatOf(node, format);
    const childPreserve = preservesWhitespace(node, preserve);
    for (const child of node.childNodes) walk(child, childFormat, childPreserve);
    if (block) endLine();
  };

  walk(document.body, 0, false);
  endLine();
  return lines.map(trimLine);
}
