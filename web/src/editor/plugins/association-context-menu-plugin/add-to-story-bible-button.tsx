import AutoStoriesOutlinedIcon from '@mui/icons-material/AutoStoriesOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popper, { type PopperProps } from '@mui/material/Popper';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_NORMAL,
  KEY_DOWN_COMMAND,
  mergeRegister,
} from 'lexical';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AssociationListItem, AssociationType } from '../../../../../shared/schemas/associations';
import { SHORTCUTS, describeCombo, isMacPlatform, matchesCombo } from '../../../lib/keyboard-shortcuts';
import { associationTypeLabel } from '../../nodes/association-node';
import { ASSOCIATION_KINDS, creatableAssociationName } from './creatable-association-name';

type PopperInstance = NonNullable<Extract<PopperProps['popperRef'], { current: unknown }>['current']>;

export const ADD_TO_STORY_BIBLE_LABEL = 'Add to story bible';

interface AddToStoryBibleButtonProps {
  associations: readonly AssociationListItem[] | null;
  onChoose: (name: string, type: AssociationType) => void;
}

/** The rectangle of the browser's selection inside the editor, read fresh each time the popper asks. */
function selectionRect(root: HTMLElement | null): DOMRect {
  const selection = window.getSelection();
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  // jsdom has no layout (nor Range.getBoundingClientRect): the editor's own box stands in.
  if (
    range &&
    root?.contains(range.commonAncestorContainer) &&
    typeof range.getBoundingClientRect === 'function'
  )
    return range.getBoundingClientRect();
  return root?.getBoundingClientRect() ?? new DOMRect();
}

/**
 * A small button below a selection that could name a new association: 'Add to story bible', opening the four
 * kinds. It finds the context menu's Create Association for authors who never right-click, and on phones where
 * a long press gives the system's own menu. Focus stays in the text while selecting; the 'Add to story bible'
 * shortcut opens the kinds from the keyboard.
 */
export function AddToStoryBibleButton({ associations, onChoose }: AddToStoryBibleButtonProps) {
  const [editor] = useLexicalComposerContext();
  const [name, setName] = useState<string | null>(null);
  /** Where the selection lies (its two ends), so the same name selected elsewhere moves the button there. */
  const [where, setWhere] = useState<string | null>(null);
  const [kindsOpen, setKindsOpen] = useState<{ byKeyboard: boolean } | null>(null);
  /**
   * Whether the page's selection is the editor's: the editor keeps its own after the author clicks or types
   * elsewhere (a panel, the search box), where the button has nothing left to stand beside.
   */
  const [selectionInEditor, setSelectionInEditor] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popperRef = useRef<PopperInstance>(null);
  const current = useRef({ associations, kindsOpen });

  useEffect(() => {
    current.current = { associations, kindsOpen };
  }, [associations, kindsOpen]);

  useEffect(() => {
    const onMac = isMacPlatform();
    const readName = () =>
      editor.getEditorState().read(() => {
        const selection = $getSelection();
        if (!editor.isEditable() || !$isRangeSelection(selection) || selection.isCollapsed()) return null;
        return creatableAssociationName(selection.getTextContent(), current.current.associations);
      });
    const readWhere = () =>
      editor.getEditorState().read(() => {
        const selection = $getSelection();
        if (!$isRangeSelection(selection)) return null;
        const { anchor, focus } = selection;
        return `${anchor.key}:${anchor.offset}-${focus.key}:${focus.offset}`;
      });
    return mergeRegister(
      editor.registerUpdateListener(() => {
        // Open kinds keep the name they were opened for.
        if (current.current.kindsOpen !== null) return;
        setName(readName());
        setWhere(readWhere());
      }),
      editor.registerCommand(
        KEY_DOWN_COMMAND,
        (event) => {
          if (!matchesCombo(event, SHORTCUTS.addToStoryBible.combo, onMac) || readName() === null)
            return false;
          event.preventDefault();
          setName(readName());
          setWhere(readWhere());
          setKindsOpen({ byKeyboard: true });
          return true;
        },
        COMMAND_PRIORITY_NORMAL,
      ),
    );
  }, [editor]);

  useEffect(() => {
    const onSelectionChange = () => {
      const root = editor.getRootElement();
      const selection = window.getSelection();
      setSelectionInEditor(
        root !== null &&
          selection !== null &&
          !selection.isCollapsed &&
          root.contains(selection.anchorNode) &&
          root.contains(selection.focusNode),
      );
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [editor]);

  // Recomputed for each new selection, so the popper places itself anew. Its context is the editor: the popper
  // hides when the selection scrolls out of the manuscript's view.
  const anchor = useMemo(
    () =>
      name === null || where === null || !(selectionInEditor || kindsOpen !== null)
        ? null
        : {
            getBoundingClientRect: () => selectionRect(editor.getRootElement()),
            contextElement: editor.getRootElement() ?? undefined,
          },
    [editor, name, where, selectionInEditor, kindsOpen],
  );

  // The text moves without any scroll when a panel docks beside it or a toolbar wraps: while shown, the
  // button checks once a frame where its selection is, and follows it.
  useEffect(() => {
    if (anchor === null) return;
    let last = '';
    let frame = requestAnimationFrame(function follow() {
      const { top, left } = anchor.getBoundingClientRect();
      const now = `${top},${left}`;
      if (now !== last) void popperRef.current?.update();
      last = now;
      frame = requestAnimationFrame(follow);
    });
    return () => cancelAnimationFrame(frame);
  }, [anchor]);

  const closeKinds = (returnFocus: boolean) => {
    setKindsOpen(null);
    if (returnFocus) editor.focus();
  };

  const shortcut = describeCombo(SHORTCUTS.addToStoryBible.combo, isMacPlatform());
  return (
    <>
      <Popper
        open={anchor !== null}
        anchorEl={anchor}
        popperRef={popperRef}
        placement="bottom-start"
        // Below the selection and clear of it; above when there is no room below.
        modifiers={[{ name: 'offset', options: { offset: [0, 8] } }, { name: 'hide' }]}
        sx={{
          zIndex: (theme) => theme.zIndex.speedDial,
          // Out of sight with its selection (scrolled under the toolbar, say), not laid over other text.
          '&[data-popper-reference-hidden]': { opacity: 0, pointerEvents: 'none' },
        }}
      >
        <Button
          ref={buttonRef}
          size="small"
          variant="contained"
          color="secondary"
          startIcon={<AutoStoriesOutlinedIcon fontSize="small" />}
          aria-haspopup="menu"
          aria-expanded={kindsOpen !== null}
          aria-keyshortcuts={shortcut}
          title={`${ADD_TO_STORY_BIBLE_LABEL} (${shortcut})`}
          // A press must not take the selection away before the kinds open.
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => setKindsOpen({ byKeyboard: event.detail === 0 })}
        >
          {ADD_TO_STORY_BIBLE_LABEL}
        </Button>
      </Popper>
      <Menu
        open={kindsOpen !== null && anchor !== null}
        anchorEl={buttonRef.current}
        onClose={() => closeKinds(true)}
        autoFocus={kindsOpen?.byKeyboard ?? false}
        slotProps={{ list: { dense: true, 'aria-label': ADD_TO_STORY_BIBLE_LABEL } }}
      >
        {ASSOCIATION_KINDS.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              closeKinds(false);
              if (name !== null) onChoose(name, type);
            }}
          >
            {associationTypeLabel(type)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
