import { $createTextNode, $getRoot, createEditor, TextNode, type LexicalEditor } from 'lexical';
import { vi } from 'vitest';
import {
  $createCustomParagraphNode,
  EDITOR_NODES,
  type CustomParagraphNode,
} from '../../../../web/src/editor/nodes';
import { $normaliseTextNode } from '../../../../web/src/editor/plugins/normalisation-plugin';
import {
  ParagraphTracker,
  type ParagraphChangeSink,
} from '../../../../web/src/editor/plugins/autosave-plugin/paragraph-tracker';
import { registerWordCounter } from '../../../../web/src/editor/plugins/word-count-plugin/word-counter';

/** An editor without DOM, with the chapter editor's nodes; errors fail the test. */
export function createChapterTestEditor(): LexicalEditor {
  const editor = createEditor({
    namespace: 'test',
    nodes: EDITOR_NODES,
    onError: (error) => {
      throw error;
    },
  });
  editor.registerNodeTransform(TextNode, $normaliseTextNode);
  return editor;
}

/** Runs `update` synchronously, as a keystroke's update would be committed. */
export function commit(editor: LexicalEditor, update: () => void, tag?: string): void {
  editor.update(update, { discrete: true, ...(tag ? { tag } : {}) });
}

/**
 * Seeds the editor with one paragraph per text, with known key_ids `p1`, `p2`, …; with `tag`, as the
 * chapter editor loads a chapter (PROGRAMMATIC_LOAD_TAG).
 */
export function seedParagraphs(editor: LexicalEditor, texts: string[], tag?: string): void {
  commit(
    editor,
    () => {
      const root = $getRoot();
      root.clear();
      texts.forEach((text, index) => {
        const paragraph = $createCustomParagraphNode(`p${index + 1}`);
        if (text !== '') paragraph.append($createTextNode(text));
        root.append(paragraph);
      });
    },
    tag,
  );
}

export function paragraphs(): CustomParagraphNode[] {
  return $getRoot().getChildren() as CustomParagraphNode[];
}

export function readParagraphs(editor: LexicalEditor): { keyId: string; text: string }[] {
  return editor
    .getEditorState()
    .read(() => paragraphs().map((p) => ({ keyId: p.getKeyId(), text: p.getTextContent() })));
}

export interface RecordingSink extends ParagraphChangeSink {
  saves: { keyId: string; chunk: string; place: number }[];
  deletes: string[];
  orders: string[][];
  pendingDeletes: Set<string>;
  restored: string[];
  clear(): void;
}

/** A sink that records what the tracker queues. */
export function recordingSink(): RecordingSink {
  const sink: RecordingSink = {
    saves: [],
    deletes: [],
    orders: [],
    restored: [],
    pendingDeletes: new Set(),
    save: vi.fn((keyId: string, chunk: string, place: number) => {
      sink.saves.push({ keyId, chunk, place });
      return true;
    }),
    restore: (keyId, chunk, place) => {
      sink.restored.push(keyId);
      sink.saves.push({ keyId, chunk, place });
    },
    delete: (keyId) => void sink.deletes.push(keyId),
    syncOrder: (keyIds) => void sink.orders.push(keyIds),
    hasPendingDelete: (keyId) => sink.pendingDeletes.has(keyId),
    clear: () => {
      sink.saves.length = 0;
      sink.deletes.length = 0;
      sink.orders.length = 0;
      sink.restored.length = 0;
    },
  };
  return sink;
}

export function trackParagraphs(editor: LexicalEditor) {
  const sink = recordingSink();
  const words: number[] = [];
  new ParagraphTracker(editor, sink).register();
  registerWordCounter(editor, (count) => words.push(count));
  return { sink, words };
}
