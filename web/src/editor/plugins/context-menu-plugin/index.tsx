import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNearestNodeFromDOMNode, $getSelection, type LexicalEditor } from 'lexical';
import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import {
  useContextMenuItems,
  useContextMenuRegistry,
  type EditorContextMenuContext,
  type EditorContextMenuItem,
} from './context-menu-registry';

export {
  ContextMenuRegistry,
  ContextMenuRegistryContext,
  useContextMenuItems,
  type ContextMenuItemProvider,
  type EditorContextMenuContext,
  type EditorContextMenuItem,
} from './context-menu-registry';

/** Spec §9: a touch held this long opens the menu. */
export const LONG_PRESS_MS = 500;
/** A finger that moves further than this is scrolling or selecting, not pressing. */
const TOUCH_SLOP_PX = 10;

function contextAt(editor: LexicalEditor, target: EventTarget | null): EditorContextMenuContext {
  // Reading with the editor active: finding the node under the pointer needs it.
  return editor.read(() => {
    const lexicalText = $getSelection()?.getTextContent() ?? '';
    // On some systems a right-click selects the word before Lexical has read the new selection.
    const domText = lexicalText === '' ? (window.getSelection()?.toString() ?? '') : '';
    const node = target instanceof Node ? $getNearestNodeFromDOMNode(target) : null;
    return { editor, selectedText: lexicalText || domText, targetNodeKey: node?.getKey() ?? null };
  });
}

async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without the async clipboard (an insecure origin, a refused permission) the browser's own copy still works.
    document.execCommand('copy');
  }
}

interface OpenMenu {
  top: number;
  left: number;
  context: EditorContextMenuContext;
  items: EditorContextMenuItem[];
}

/**
 * The editor context menu (spec §2) on right-click or a 500 ms long press. It offers 'Copy' for a selection,
 * plus whatever other features register. With nothing to offer (an empty selection) no menu of ours is shown
 * and the browser's own stays available, with its spelling suggestions.
 */
export function ContextMenuPlugin() {
  const [editor] = useLexicalComposerContext();
  const registry = useContextMenuRegistry();
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const [submenu, setSubmenu] = useState<{
    anchor: HTMLElement;
    item: EditorContextMenuItem;
    /** Opened from the keyboard: its first item takes focus. Opened by the pointer, focus stays put. */
    byKeyboard: boolean;
  } | null>(null);

  useContextMenuItems(
    useCallback(
      ({ selectedText }) =>
        selectedText === ''
          ? []
          : [
              {
                id: 'copy',
                label: 'Copy',
                onSelect: (context) => void copyToClipboard(context.selectedText),
              },
            ],
      [],
    ),
  );

  useEffect(() => {
    let pressTimer: ReturnType<typeof setTimeout> | undefined;
    let pressStart: { x: number; y: number } | null = null;
    let pressOpenedMenu = false;

    /** Opens the menu at a point; false when there is nothing to offer. */
    const openAt = (left: number, top: number, target: EventTarget | null): boolean => {
      const context = contextAt(editor, target);
      const items = registry.itemsFor(context);
      if (items.length === 0) return false;
      setSubmenu(null);
      setMenu({ left, top, context, items });
      return true;
    };

    const onContextMenu = (event: MouseEvent) => {
      if (openAt(event.clientX, event.clientY, event.target)) event.preventDefault();
    };
    const cancelPress = () => {
      clearTimeout(pressTimer);
      pressStart = null;
    };
    const onTouchStart = (event: TouchEvent) => {
      cancelPress();
      const touch = event.touches[0];
      if (event.touches.length !== 1 || !touch) return;
      pressStart = { x: touch.clientX, y: touch.clientY };
      const { target } = event;
      pressOpenedMenu = false;
      pressTimer = setTimeout(() => {
        if (pressStart) pressOpenedMenu = openAt(pressStart.x, pressStart.y, target);
        pressStart = null;
      }, LONG_PRESS_MS);
    };
    const onTouchEnd = (event: TouchEvent) => {
      cancelPress();
      // The lifted finger must not also click, or open the browser's menu, over the menu just opened.
      if (pressOpenedMenu && event.cancelable) event.preventDefault();
      pressOpenedMenu = false;
    };
    const onTouchMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!pressStart || !touch) return;
      if (Math.hypot(touch.clientX - pressStart.x, touch.clientY - pressStart.y) > TOUCH_SLOP_PX)
        cancelPress();
    };

    return editor.registerRootListener((root, previousRoot) => {
      previousRoot?.removeEventListener('contextmenu', onContextMenu);
      previousRoot?.removeEventListener('touchstart', onTouchStart);
      previousRoot?.removeEventListener('touchmove', onTouchMove);
      previousRoot?.removeEventListener('touchend', onTouchEnd);
      previousRoot?.removeEventListener('touchcancel', cancelPress);
      cancelPress();
      root?.addEventListener('contextmenu', onContextMenu);
      root?.addEventListener('touchstart', onTouchStart, { passive: true });
      root?.addEventListener('touchmove', onTouchMove, { passive: true });
      root?.addEventListener('touchend', onTouchEnd);
      root?.addEventListener('touchcancel', cancelPress);
    });
  }, [editor, registry]);

  const close = () => {
    setSubmenu(null);
    setMenu(null);
  };

  const choose = (item: EditorContextMenuItem, context: EditorContextMenuContext) => {
    close();
    item.onSelect?.(context);
  };

  /** Pointing at another item of the main menu closes an open submenu, as desktop menus do. */
  const closeSubmenuOf = (item: EditorContextMenuItem) => () => {
    if (submenu && menu?.items.includes(item)) setSubmenu(null);
  };

  const renderItem = (item: EditorContextMenuItem, context: EditorContextMenuContext) =>
    item.children ? (
      <MenuItem
        key={item.id}
        aria-haspopup="menu"
        aria-expanded={submenu?.item === item}
        onClick={(event) => setSubmenu({ anchor: event.currentTarget, item, byKeyboard: event.detail === 0 })}
        onMouseEnter={(event) => {
          if (submenu?.item !== item) setSubmenu({ anchor: event.currentTarget, item, byKeyboard: false });
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowRight') return;
          event.preventDefault();
          setSubmenu({ anchor: event.currentTarget, item, byKeyboard: true });
        }}
      >
        <ListItemText>{item.label}</ListItemText>
        <ChevronRightIcon fontSize="small" sx={{ ml: 2 }} />
      </MenuItem>
    ) : (
      <MenuItem key={item.id} onClick={() => choose(item, context)} onMouseEnter={closeSubmenuOf(item)}>
        {item.label}
      </MenuItem>
    );

  return (
    <>
      <Menu
        open={menu !== null}
        onClose={close}
        anchorReference="anchorPosition"
        anchorPosition={menu ? { top: menu.top, left: menu.left } : undefined}
        slotProps={{ list: { dense: true, 'aria-label': 'Editor actions' } }}
      >
        {menu?.items.map((item) => renderItem(item, menu.context))}
      </Menu>
      <Menu
        open={menu !== null && submenu !== null}
        anchorEl={submenu?.anchor}
        onClose={() => setSubmenu(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        autoFocus={submenu?.byKeyboard ?? false}
        disableAutoFocus={!(submenu?.byKeyboard ?? false)}
        disableEnforceFocus={!(submenu?.byKeyboard ?? false)}
        // Opened by the pointer, it must not cover the main menu: the pointer goes back to it freely.
        hideBackdrop={!(submenu?.byKeyboard ?? false)}
        sx={submenu?.byKeyboard ? undefined : { pointerEvents: 'none' }}
        slotProps={{
          list: {
            dense: true,
            'aria-label': submenu?.item.label,
            onKeyDown: (event: KeyboardEvent) => {
              if (event.key === 'ArrowLeft') setSubmenu(null);
            },
          },
          paper: { sx: { pointerEvents: 'auto' } },
        }}
      >
        {menu && submenu?.item.children?.map((item) => renderItem(item, menu.context))}
      </Menu>
    </>
  );
}
