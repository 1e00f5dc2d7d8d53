import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $createTabNode,
  $createTextNode,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  COMMAND_PRIORITY_NORMAL,
  createCommand,
  PASTE_COMMAND,
  PASTE_TAG,
  type ElementNode,
  type LexicalCommand,
  type LexicalNode,
  type PointType,
} from 'lexical';
import { useEffect, useRef } from 'react';
import {
  LARGE_PASTE_PARAGRAPHS,
  pastedTextToParagraphs,
  splitPastedLines,
} from '../../../../../shared/text-normalisation';
import { $createCustomParagraphNode, assertEditorHasNodes, CustomParagraphNode } from '../../nodes';

/** Inserts plain text as if pasted (spec §5 rules); what the paste handler dispatches, and what tests use. */
export const INSERT_PASTED_TEXT_COMMAND: LexicalCommand<string> = createCommand('INSERT_PASTED_TEXT_COMMAND');

/** Lets the large-paste warning paint before a long insertion blocks the page. */
const LARGE_PASTE_DELAY_MS = 50;

/** The paragraph's text before the point: empty when the point is where a paragraph starts. */
function $textBefore(paragraph: ElementNode, point: PointType): string {
  const node = point.getNode();
  if ($isElementNode(node)) {
    return node
      .getChildren()
      .slice(0, point.offset)
      .map((child) => child.getTextContent())
      .join('');
  }
  let text = '';
  for (const textNode of paragraph.getAllTextNodes()) {
    if (textNode === node) return text + textNode.getTextContent().slice(0, point.offset);
    text += textNode.getTextContent();
  }
  return text;
}

/**
 * Pastes text the spec §5 way: paragraphs by line, tabs as four spaces, normalised punctuation, autotab. The
 * first line joins the paragraph at the caret; the text after the caret ends up after the last pasted line, as
 * in any editor. Pasted text takes the formatting at the caret, like typed text. O(lines): every new paragraph
 * goes in with one sibling insertion.
 */
export function $insertPastedText(text: string, autotab: boolean): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  if (!selection.isCollapsed()) selection.removeText();
  const paragraph = selection.anchor.getNode().getTopLevelElement();
  if (!paragraph) return;
  const lines = pastedTextToParagraphs(text, {
    autotab,
    firstLineStartsParagraph: $textBefore(paragraph, selection.anchor) === '',
  });
  const { format, style } = selection;
  const inlineNodes = (line: string): LexicalNode[] =>
    line
      .split('\t')
      .flatMap((part, index) => [
        ...(index > 0 ? [$createTabNode()] : []),
        ...(part === '' ? [] : [$createTextNode(part).setFormat(format).setStyle(style)]),
      ]);

  const [firstLine = '', ...otherLines] = lines;
  const first = inlineNodes(firstLine);
  if (first.length > 0) selection.insertNodes(first);
  if (otherLines.length === 0) return;

  // Splitting at the caret leaves it at the start of the paragraph holding the rest of the line.
  selection.insertParagraph();
  const caret = $getSelection();
  if (!$isRangeSelection(caret)) return;
  const tail = caret.anchor.getNode().getTopLevelElementOrThrow();
  const alignment = paragraph.getFormatType();
  for (const line of otherLines.slice(0, -1)) {
    const pasted = $createCustomParagraphNode();
    pasted.setFormat(alignment);
    pasted.append(...inlineNodes(line));
    tail.insertBefore(pasted);
  }
  const last = inlineNodes(otherLines[otherLines.length - 1]!);
  if (last.length === 0) {
    tail.selectStart();
    return;
  }
  const firstOfTail = tail.getFirstChild();
  if (firstOfTail) for (const node of last) firstOfTail.insertBefore(node);
  else tail.append(...last);
  const end = last[last.length - 1]!;
  if ($isTextNode(end)) end.select(end.getTextContentSize(), end.getTextContentSize());
  else end.selectNext(0, 0);
}

interface PastePluginProps {
  autotab: boolean;
  /** Shows the spec's warning for a paste of more than 100 paragraphs. */
  onLargePaste: () => void;
}

/** Clipboard pastes as plain text with the spec §5 rules (see `$insertPastedText`). */
export function PastePlugin({ autotab, onLargePaste }: PastePluginProps) {
  const [editor] = useLexicalComposerContext();
  const autotabRef = useRef(autotab);
  const onLargePasteRef = useRef(onLargePaste);

  useEffect(() => {
    autotabRef.current = autotab;
    onLargePasteRef.current = onLargePaste;
  }, [autotab, onLargePaste]);

  useEffect(() => {
    assertEditorHasNodes(editor, [CustomParagraphNode], 'PastePlugin');
    const unregisterPaste = editor.registerCommand(
      PASTE_COMMAND,
      (event) => {
        const clipboard = 'clipboardData' in event ? event.clipboardData : null;
        const text = clipboard?.getData('text/plain') ?? '';
        // Without text (a file, an image) the paste is left to Lexical's default handling.
        if (text === '') return false;
        event.preventDefault();
        return editor.dispatchCommand(INSERT_PASTED_TEXT_COMMAND, text);
      },
      COMMAND_PRIORITY_NORMAL,
    );
    const unregisterInsert = editor.registerCommand(
      INSERT_PASTED_TEXT_COMMAND,
      (text) => {
        if (splitPastedLines(text).length <= LARGE_PASTE_PARAGRAPHS) {
          $insertPastedText(text, autotabRef.current);
          return true;
        }
        onLargePasteRef.current();
        setTimeout(
          () => editor.update(() => $insertPastedText(text, autotabRef.current), { tag: PASTE_TAG }),
          LARGE_PASTE_DELAY_MS,
        );
        return true;
      },
      COMMAND_PRIORITY_NORMAL,
    );
    return () => {
      unregisterPaste();
      unregisterInsert();
    };
  }, [editor]);

  return null;
}
