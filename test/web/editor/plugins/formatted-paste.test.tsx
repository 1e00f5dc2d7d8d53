import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { act, render } from '@testing-library/react';
import {
  $createTextNode,
  $getRoot,
  $isTabNode,
  $isTextNode,
  PASTE_COMMAND,
  type LexicalEditor,
  type TextNode,
} from 'lexical';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LARGE_PASTE_PARAGRAPHS } from '../../../../shared/text-normalisation';
import { $createCustomParagraphNode } from '../../../../web/src/editor/nodes';
import { TestChapterEditor } from '../helpers/test-chapter-editor';
import { PastePlugin } from '../../../../web/src/editor/plugins/paste-plugin';
import { clipboardHtmlToLines } from '../../../../web/src/editor/plugins/paste-plugin/clipboard-html';

const BOLD = 1;
const ITALIC = 2;
const STRIKETHROUGH = 4;
const UNDERLINE = 8;

/** What Word puts on the clipboard, trimmed: class-styled paragraphs, tags, a tab span and markup whitespace. */
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head>
<body lang=EN-GB><!--StartFragment-->
<p class=MsoNormal><span style='mso-tab-count:1'>&nbsp;&nbsp;&nbsp;&nbsp; </span>She said it was <i>not</i>
<b>her</b> fault<o:p></o:p></p>
<p class=MsoNormal><u>Underlined</u> and <s>struck</s> -- &#8220;quoted&#8221;<o:p></o:p></p>
<!--EndFragment--></body></html>`;

/** What Google Docs puts on the clipboard: a `<b>` wrapper whose style undoes the bold, styles on spans. */
const GOOGLE_DOCS_HTML = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:400;font-style:normal;text-decoration:none;white-space:pre-wrap;">Plain </span><span style="font-weight:700;font-style:italic;white-space:pre-wrap;">bold italic</span></p><br><p dir="ltr"><span style="text-decoration:line-through;white-space:pre-wrap;">gone</span></p></b>`;

let editorRef: LexicalEditor | null = null;
function CaptureEditor() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    editorRef = editor;
  }, [editor]);
  return null;
}

function renderEditor(text: string, autotab: boolean) {
  const onLargePaste = vi.fn();
  render(
    <TestChapterEditor
      initialContent={() => {
        const paragraph = $createCustomParagraphNode('p1');
        if (text !== '') paragraph.append($createTextNode(text));
        $getRoot().append(paragraph);
        paragraph.selectEnd();
      }}
    >
      <PastePlugin autotab={autotab} onLargePaste={onLargePaste} />
      <CaptureEditor />
    </TestChapterEditor>,
  );
  return { editor: editorRef!, onLargePaste };
}

/** A paste event carrying the clipboard's flavours, as the browser hands it to Lexical. */
function pasteEvent(data: Record<string, string>): ClipboardEvent {
  const event = new Event('paste', { cancelable: true }) as ClipboardEvent;
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => data[type] ?? '', types: Object.keys(data), files: [] },
  });
  return event;
}

/** Each paragraph's runs as [text, format bits]; a tab node as '\t'. */
function runsOf(editor: LexicalEditor): [string, number][][] {
  return editor.getEditorState().read(() =>
    $getRoot()
      .getChildren()
      .map((paragraph) =>
        (paragraph as unknown as { getChildren(): TextNode[] })
          .getChildren()
          .map((node): [string, number] =>
            $isTabNode(node)
              ? ['\t', 0]
              : $isTextNode(node)
                ? [node.getTextContent(), node.getFormat()]
                : ['?', -1],
          ),
      ),
  );
}

describe('formatted paste', () => {
  it("keeps Word's italic, bold, underline and strikethrough, a paragraph per line, with autotab, dashes and quotes", async () => {
    const { editor } = renderEditor('', true);

    await act(async () => {
      editor.dispatchCommand(PASTE_COMMAND, pasteEvent({ 'text/html': WORD_HTML, 'text/plain': 'ignored' }));
    });

    expect(runsOf(editor)).toEqual([
      [
        ['\t', 0],
        ['She said it was ', 0],
        ['not', ITALIC],
        [' ', 0],
        ['her', BOLD],
        [' fault', 0],
      ],
      [
        ['\t', 0],
        ['Underlined', UNDERLINE],
        [' and ', 0],
        ['struck', STRIKETHROUGH],
        [' \u2014 "quoted"', 0],
      ],
    ]);
  });

  it("reads Google Docs' styles over its tags, and keeps a blank line as a blank paragraph", async () => {
    const { editor } = renderEditor('', false);

    await act(async () => {
      editor.dispatchCommand(PASTE_COMMAND, pasteEvent({ 'text/html': GOOGLE_DOCS_HTML }));
    });

    expect(runsOf(editor)).toEqual([
      [
        ['Plain ', 0],
        ['bold italic', BOLD | ITALIC],
      ],
      [],
      [['gone', STRIKETHROUGH]],
    ]);
  });

  it('joins the first pasted line to the paragraph at the caret, without a tab in mid-paragraph', async () => {
    const { editor } = renderEditor('Before ', true);

    await act(async () => {
      editor.dispatchCommand(
        PASTE_COMMAND,
        pasteEvent({ 'text/html': '<p>an <em>aside</em>\tthen</p><p>next</p>' }),
      );
    });

    expect(runsOf(editor)).toEqual([
      [
        ['Before an ', 0],
        ['aside', ITALIC],
        [' then', 0],
      ],
      [
        ['\t', 0],
        ['next', 0],
      ],
    ]);
  });

  it('warns before a paste of more than 100 paragraphs, then pastes them all', async () => {
    const { editor, onLargePaste } = renderEditor('', false);
    const html = Array.from(
      { length: LARGE_PASTE_PARAGRAPHS + 1 },
      (_, index) => `<p>Line ${index}</p>`,
    ).join('');

    await act(async () => {
      editor.dispatchCommand(PASTE_COMMAND, pasteEvent({ 'text/html': html }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    });

    expect(onLargePaste).toHaveBeenCalledTimes(1);
    expect(runsOf(editor)).toHaveLength(LARGE_PASTE_PARAGRAPHS + 1);
  });

  it('falls back to the plain text when the HTML holds no text', async () => {
    const { editor } = renderEditor('', false);

    await act(async () => {
      editor.dispatchCommand(
        PASTE_COMMAND,
        pasteEvent({ 'text/html': '<img src="x.png">', 'text/plain': 'plain words' }),
      );
    });

    expect(runsOf(editor)).toEqual([[['plain words', 0]]]);
  });
});

describe('reading an HTML clipboard', () => {
  it('takes formatting from tags and inline styles, skipping styles, scripts and hidden text', () => {
    const lines = clipboardHtmlToLines(
      '<style>p{}</style><script>x()</script><div>A <span style="font-style:italic;text-decoration:underline">web</span> page<span style="display:none">hidden</span></div><ul><li>one</li><li><strong>two</strong></li></ul>',
    );

    expect(lines).toEqual([
      [
        { text: 'A ', format: 0 },
        { text: 'web', format: ITALIC | UNDERLINE },
        { text: ' page', format: 0 },
      ],
      [{ text: 'one', format: 0 }],
      [{ text: 'two', format: BOLD }],
    ]);
  });
});
