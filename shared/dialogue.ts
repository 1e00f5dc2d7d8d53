/**
 * Where a paragraph's dialogue is: the spans between quotation marks (“…”, "…", «…», „…“, and ‘…’ when the
 * opening mark starts a word, so an apostrophe never opens one). An unclosed quotation runs to the paragraph's
 * end, as a speech that goes on into the next paragraph does.
 */

const PAIRS: Record<string, string> = { '“': '”', '"': '"', '«': '»', '„': '“', '‘': '’' };

/** [start, end) spans of quoted text, the marks included. */
export function dialogueSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let open: { at: number; closing: string } | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const mark = text[index]!;
    if (open) {
      if (mark === open.closing) {
        spans.push([open.at, index + 1]);
        open = undefined;
      }
      continue;
    }
    const closing = PAIRS[mark];
    if (closing === undefined) continue;
    // A single quote after a letter is an apostrophe (o’clock, Frodo’s), not the start of a speech.
    if (mark === '‘' && index > 0 && /\p{L}/u.test(text[index - 1]!)) continue;
    open = { at: index, closing };
  }
  if (open) spans.push([open.at, text.length]);
  return spans;
}

/** Whether [start, end) lies inside one of the spans. */
export function withinSpans(
  spans: readonly (readonly [number, number])[],
  start: number,
  end: number,
): boolean {
  return spans.some(([from, to]) => start >= from && end <= to);
}
