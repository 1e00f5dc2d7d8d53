import { inlineNodeText } from '../../../shared/inline-node-text';
import type { InlineNode } from '../../../shared/schemas/paragraph';
import type { ManuscriptFont, TextSize } from '../../../shared/schemas/settings';
import { FONT_OPTIONS, TEXT_SIZE_OPTIONS, manuscriptTypography } from '../editor/manuscript-typography';

/** A stored paragraph's text, or undefined when its chunk is not a paragraph (then nothing is drawn). */
function chunkText(chunk: unknown): string | undefined {
  if (typeof chunk !== 'string') return undefined;
  try {
    const children = (JSON.parse(chunk) as { children?: unknown }).children;
    return Array.isArray(children) ? (children as InlineNode[]).map(inlineNodeText).join('') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The texts of an opening read's answer (`{ items: [{ chunk: { Value } }] }`), or undefined when it is not such
 * an answer: the app, which checks it against the schema, then shows what it makes of it.
 */
export function openingTexts(answer: unknown): string[] | undefined {
  const items = (answer as { items?: unknown } | undefined)?.items;
  if (!Array.isArray(items) || items.length === 0) return undefined;
  const texts = items.map((item) =>
    chunkText((item as { chunk?: { Value?: unknown } } | null)?.chunk?.Value),
  );
  return texts.every((text) => text !== undefined) ? (texts as string[]) : undefined;
}

/** The story's type from its document settings' answer, each setting it does not know left at the default. */
function typographyOf(settings: unknown) {
  const { text_size: size, font } = (settings ?? {}) as { text_size?: unknown; font?: unknown };
  return manuscriptTypography({
    text_size: typeof size === 'string' && size in TEXT_SIZE_OPTIONS ? (size as TextSize) : undefined,
    font: typeof font === 'string' && font in FONT_OPTIONS ? (font as ManuscriptFont) : undefined,
  });
}

/**
 * Draws the chapter's opening screenful in the page's frame (index.html's `#app-frame`), as plain text in the
 * story's manuscript type, before the app's code has arrived (issue 26 §3). Nothing here is editable; the frame
 * goes as the app draws, and the app shows the same read its own way until the whole chapter is editable.
 */
export function drawChapterOpening(frame: HTMLElement, texts: readonly string[], settings: unknown): void {
  const typography = typographyOf(settings);
  const column = frame.ownerDocument.createElement('div');
  column.className = 'app-frame-opening';
  column.style.fontFamily = typography.fontFamily;
  column.style.setProperty('--opening-size-phone', typography.fontSize.xs);
  column.style.setProperty('--opening-size', typography.fontSize.sm);
  column.style.setProperty('--opening-measure', typography.measure);
  for (const text of texts) {
    const paragraph = frame.ownerDocument.createElement('p');
    if (text === '') paragraph.append(frame.ownerDocument.createElement('br'));
    else paragraph.textContent = text;
    column.append(paragraph);
  }
  frame.append(column);
}
