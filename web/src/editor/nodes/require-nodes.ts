import type { Klass, LexicalEditor, LexicalNode } from 'lexical';

/**
 * Fails at once, naming the plugin, when the editor lacks a node the plugin creates or transforms, instead of
 * failing later inside an update (as the Lexical playground's plugins do with `editor.hasNodes`).
 */
export function assertEditorHasNodes(
  editor: LexicalEditor,
  nodes: Klass<LexicalNode>[],
  plugin: string,
): void {
  if (!editor.hasNodes(nodes)) {
    const names = nodes.map((node) => node.getType()).join(', ');
    throw new Error(`${plugin}: the editor must register ${names}.`);
  }
}
