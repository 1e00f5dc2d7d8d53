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
  type PastedRun,
  pastedRunsToParagraphs,
  pastedTextToParagraphs,
  splitPastedLines,
} from '../../../../../shared/text-normalisation';
import { $createCustomParagraphNode, assertEditorHasNodes, CustomParagraphNode } from '../../nodes';
import { clipboardHtmlToLines } from './clipboard-html';

/** Inserts plain text as if pasted (spec §5 rules); what tests and other plugins use. */
export const INSERT_PASTED_TEXT_COMMAND: LexicalCommand<string> = createCommand('INSERT_PASTED_TEXT_COMMAND');
/** Inserts a clipboard's content as pasted: formatted text when it has some, else plain text. */
const INSERT_PASTED_CONTENT_COMMAND: LexicalCommand<PastedContent> = createCommand(
  'INSERT_PASTED_CONTENT_COMMAND',
);

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

/** A paragraph's pasted content: its runs, where '\t' is the editor's tab; a run without a format takes the caret's. */
type PastedLine = { text: string; format?: number }[];

/**
 * Pastes paragraphs the spec §5 way: the first line joins the paragraph at the caret; the text after the caret
 * ends up after the last pasted line, as in any editor. `toLines` applies the paste rules, told whether the
 * first line lands at a paragraph's start (autotab depends on it). O(lines): every new paragraph goes in with
 * one sibling insertion.
 */
function $insertPastedLines(toLines: (firstLineStartsParagraph: boolean) => PastedLine[]): void {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  if (!selection.isCollapsed()) selection.removeText();
  const paragraph = selection.anchor.getNode().getTopLevelElement();
  if (!paragraph) return;
  const lines = toLines($textBefore(paragraph, selection.anchor) === '');
  const { format, style } = selection;
  const inlineNodes = (line: PastedLine): LexicalNode[] =>
    line.flatMap((run) =>
      run.text.split('\t').flatMap((part, index) => [
        ...(index > 0 ? [$createTabNode()] : []),
        ...(part === ''
          ? []
          : [
              $createTextNode(part)
                .setFormat(run.format ?? format)
                .setStyle(style),
            ]),
      ]),
    );

  const [firstLine = [], ...otherLines] = lines;
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

/**
 * Pastes plain text the spec §5 way: paragraphs by line, tabs as four spaces, normalised punctuation,
 * autotab. Pasted text takes the formatting at the caret, like typed text.
 */
export function $insertPastedText(text: string, autotab: boolean): void {
  $insertPastedLines((firstLineStartsParagraph) =>
    pastedTextToParagraphs(text, { autotab, firstLineStartsParagraph }).map((line) => [{ text: line }]),
  );
}

/**
 * Pastes formatted text (read from an HTML clipboard) by the same rules, each run keeping its bold, italic,
 * underline and strikethrough.
 */
export function $insertPastedRuns(lines: PastedRun[][], autotab: boolean): void {
  $insertPastedLines((firstLineStartsParagraph) =>
    pastedRunsToParagraphs(lines, { autotab, firstLineStartsParagraph }),
  );
}

/** What a paste inserts: the clipboard's formatted text when it has some, else its plain text. */
type PastedContent = { kind: 'text'; text: string } | { kind: 'runs'; lines: PastedRun[][] };

function pastedContentOf(clipboard: DataTransfer | null): PastedContent | undefined {
  const html = clipboard?.getData('text/html') ?? '';
  if (html !== '') {
    const lines = clipboardHtmlToLines(html);
    if (lines.some((line) => line.some((run) => run.text.trim() !== ''))) return { kind: 'runs', lines };
  }
  const text = clipboard?.getData('text/plain') ?? '';
  return text === '' ? undefined : { kind: 'text', text };
}

function $insertPastedContent(content: PastedContent, autotab: boolean): void {
  if (content.kind === 'text') $insertPastedText(content.text, autotab);
  else $insertPastedRuns(content.lines, autotab);
}

function paragraphCount(content: PastedContent): number {
  return content.kind === 'text' ? splitPastedLines(content.text).length : content.lines.length;
}

interface PastePluginProps {
  autotab: boolean;
  /** Shows the spec's warning for a paste of more than 100 paragraphs. */
  onLargePaste: () => void;
}

/**
 * Clipboard pastes with the spec §5 rules, keeping bold, italic, underline and strikethrough from an HTML
 * clipboard (Word, Google Docs, web pages); plain text otherwise (see `$insertPastedLines`).
 */
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
        const content = pastedContentOf('clipboardData' in event ? event.clipboardData : null);
        // Without text (a file, an image) the paste is left to Lexical's default handling.
        if (!content) return false;
        event.preventDefault();
        return editor.dispatchCommand(INSERT_PASTED_CONTENT_COMMAND, content);
      },
      COMMAND_PRIORITY_NORMAL,
    );
    const unregisterInsertText = editor.registerCommand(
      INSERT_PASTED_TEXT_COMMAND,
      (text) => editor.dispatchCommand(INSERT_PASTED_CONTENT_COMMAND, { kind: 'text', text }),
      COMMAND_PRIORITY_NORMAL,
    );
    const unregisterInsert = editor.registerCommand(
      INSERT_PASTED_CONTENT_COMMAND,
      (content) => {
        if (paragraphCount(content) <= LARGE_PASTE_PARAGRAPHS) {
          $insertPastedContent(content, autotabRef.current);
          return true;
        }
        onLargePasteRef.current();
        setTimeout(
          () => editor.update(() => $insertPastedContent(content, autotabRef.current), { tag: PASTE_TAG }),
          LARGE_PASTE_DELAY_MS,
        );
        return true;
      },
      COMMAND_PRIORITY_NORMAL,
    );
    return () => {
      unregisterPaste();
      unregisterInsertText();
      unregisterInsert();
    };
  }, [editor]);

  return null;
}
