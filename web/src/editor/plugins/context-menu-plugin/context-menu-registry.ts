import type { LexicalEditor, NodeKey } from 'lexical';
import { createContext, useContext, useEffect, useRef } from 'react';

/** What an item provider knows when the menu opens. */
export interface EditorContextMenuContext {
  editor: LexicalEditor;
  /** The selected text; '' when the selection is collapsed. */
  selectedText: string;
  /** The Lexical node under the pointer (an association mention, say), or null outside any node. */
  targetNodeKey: NodeKey | null;
}

export interface EditorContextMenuItem {
  /** Stable and unique within the menu. */
  id: string;
  label: string;
  /** Called after the menu closes. Leave out for an item that only opens its `children`. */
  onSelect?: (context: EditorContextMenuContext) => void;
  /** A submenu (e.g. Create Association → Character, Place, Event, Item). */
  children?: EditorContextMenuItem[];
}

/** Returns the items to add for this context (none when they do not apply). */
export type ContextMenuItemProvider = (context: EditorContextMenuContext) => EditorContextMenuItem[];

/**
 * The editor context menu's items (spec §2), contributed by providers: 'Copy' by the menu itself, association
 * items by the associations feature. Providers are asked in registration order each time the menu opens; a
 * menu with no items is not shown.
 */
export class ContextMenuRegistry {
  private readonly providers = new Set<ContextMenuItemProvider>();

  register(provider: ContextMenuItemProvider): () => void {
    this.providers.add(provider);
    return () => {
      this.providers.delete(provider);
    };
  }

  itemsFor(context: EditorContextMenuContext): EditorContextMenuItem[] {
    return [...this.providers].flatMap((provider) => provider(context));
  }
}

export const ContextMenuRegistryContext = createContext<ContextMenuRegistry | null>(null);

export function useContextMenuRegistry(): ContextMenuRegistry {
  const registry = useContext(ContextMenuRegistryContext);
  if (!registry) throw new Error('useContextMenuRegistry must be used inside the ChapterEditor.');
  return registry;
}

/**
 * Adds items to the chapter editor's context menu for as long as the calling component is mounted. For
 * plugins rendered inside the ChapterEditor, e.g. `useContextMenuItems(({ selectedText }) => …)`.
 */
export function useContextMenuItems(provider: ContextMenuItemProvider): void {
  const registry = useContextMenuRegistry();
  const providerRef = useRef(provider);

  useEffect(() => {
    providerRef.current = provider;
  }, [provider]);

  useEffect(() => registry.register((context) => providerRef.current(context)), [registry]);
}
