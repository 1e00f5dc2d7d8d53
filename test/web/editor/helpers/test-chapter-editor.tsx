import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import type { ReactNode } from 'react';
import { EDITOR_NODES } from '../../../../web/src/editor/nodes';

/**
 * A rich-text editor with the chapter editor's nodes, its text labelled 'Chapter text', for testing plugins
 * in the DOM: `initialContent` fills it, `children` are the plugins under test. An editor error fails the test.
 */
export function TestChapterEditor({
  initialContent,
  children,
}: {
  initialContent: () => void;
  children: ReactNode;
}) {
  return (
    <LexicalComposer
      initialConfig={{
        namespace: 'test',
        nodes: EDITOR_NODES,
        onError: (error) => {
          throw error;
        },
        editorState: initialContent,
      }}
    >
      <RichTextPlugin
        contentEditable={<ContentEditable aria-label="Chapter text" />}
        ErrorBoundary={LexicalErrorBoundary}
      />
      {children}
    </LexicalComposer>
  );
}
