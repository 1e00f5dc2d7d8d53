import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getNodeByKey,
  $getRoot,
  $isTextNode,
  mergeRegister,
  type LexicalEditor,
  type NodeKey,
} from 'lexical';
import { useCallback, useEffect, useState } from 'react';
import { CONFLICTED_COPY_MARKER } from '../../autosave/merge-pending-ops';
import { $isCustomParagraphNode, CustomParagraphNode } from '../../nodes/custom-paragraph-node';

/** Room below a conflicted copy for its buttons, and the classes that mark both versions. */
export const CONFLICT_STYLES = {
  '& .lw-conflict-other, & .lw-conflict-copy': {
    borderLeft: '3px solid',
    borderColor: 'warning.main',
    pl: 1.5,
  },
  '& .lw-conflict-copy': { mb: '3.5em' },
} as const;

/** A finger's target on a phone (issue 26 §3: 44 px); the text's own scale with a mouse. */
const TAP_TARGET = { minHeight: { xs: 44, sm: 'auto' } } as const;

interface ConflictPlace {
  copyKey: NodeKey;
  /** Below the copy, in the manuscript box's coordinates. */
  top: number;
}

/** The paragraph whose key_id is `keyId`, if it is still in the chapter. */
function $paragraphWithKeyId(keyId: string): CustomParagraphNode | undefined {
  return $getRoot()
    .getChildren()
    .find((node): node is CustomParagraphNode => $isCustomParagraphNode(node) && node.getKeyId() === keyId);
}

/** The copy's own text, without the marker the merge put in front of it. */
function $removeMarker(copy: CustomParagraphNode): void {
  const first = copy.getFirstDescendant();
  if (!$isTextNode(first) || !first.getTextContent().startsWith(CONFLICTED_COPY_MARKER)) return;
  const rest = first.getTextContent().slice(CONFLICTED_COPY_MARKER.length);
  if (rest === '') first.remove();
  else first.setTextContent(rest);
}

/**
 * 'Keep this': this device's version takes the other's place, under the other's key_id (so comments anchored
 * there stay); 'Keep the other': this device's version goes. Either way one paragraph is left, saved as usual.
 */
function resolve(editor: LexicalEditor, copyKey: NodeKey, keep: 'this' | 'other'): void {
  editor.update(() => {
    const copy = $getNodeByKey(copyKey);
    if (!$isCustomParagraphNode(copy)) return;
    const conflictOf = copy.getConflictOf();
    if (keep === 'other') {
      copy.remove();
      return;
    }
    $removeMarker(copy);
    copy.setConflictOf(null);
    const other = conflictOf === null ? undefined : $paragraphWithKeyId(conflictOf);
    if (!other) return;
    other.clear();
    other.append(...copy.getChildren());
    other.setFormat(copy.getFormatType());
    other.setIndent(copy.getIndent());
    copy.remove();
    other.selectEnd();
  });
}

/** Where each conflicted copy is, and the other version's paragraph element, marked for the eye. */
function readConflicts(editor: LexicalEditor): ConflictPlace[] {
  const places: ConflictPlace[] = [];
  editor.getEditorState().read(() => {
    for (const node of $getRoot().getChildren()) {
      if (!$isCustomParagraphNode(node)) continue;
      const conflictOf = node.getConflictOf();
      const copyElement = editor.getElementByKey(node.getKey());
      copyElement?.classList.toggle('lw-conflict-copy', conflictOf !== null);
      if (conflictOf === null || !copyElement) continue;
      // The other version is right before its copy unless the author moved one of them: no second pass then.
      const previous = node.getPreviousSibling();
      const other =
        $isCustomParagraphNode(previous) && previous.getKeyId() === conflictOf
          ? previous
          : $paragraphWithKeyId(conflictOf);
      if (other) editor.getElementByKey(other.getKey())?.classList.add('lw-conflict-other');
      places.push({ copyKey: node.getKey(), top: copyElement.offsetTop + copyElement.offsetHeight });
    }
  });
  return places;
}

/**
 * Issue 26 §2: a paragraph both devices changed in the same words is kept twice, the other device's version
 * then this one's, marked '[Conflicted copy]'. Both are marked in the margin, and below this one two buttons
 * settle it in one click. Rendered inside the manuscript's box, which is what the buttons are placed against.
 */
export function ConflictPlugin() {
  const [editor] = useLexicalComposerContext();
  const [places, setPlaces] = useState<ConflictPlace[]>([]);

  /** Answers whether any conflict is left. */
  const measure = useCallback((): boolean => {
    // Marks are cleared first: a resolved pair's other version keeps no border.
    editor
      .getRootElement()
      ?.querySelectorAll('.lw-conflict-other')
      .forEach((element) => {
        element.classList.remove('lw-conflict-other');
      });
    const found = readConflicts(editor);
    setPlaces((shown) => (shown.length === 0 && found.length === 0 ? shown : found));
    return found.length > 0;
  }, [editor]);

  useEffect(() => {
    let conflictsSeen = false;
    const remeasure = () => {
      if (conflictsSeen) conflictsSeen = measure();
    };
    // The text rewraps (a narrower window, the web fonts arriving) without an editor update: the buttons follow.
    const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(remeasure);
    const root = editor.getRootElement();
    if (root) resizes?.observe(root);
    const unregister = mergeRegister(
      // Only a chapter that holds or held a conflicted copy pays for reading its paragraphs on an update.
      editor.registerMutationListener(CustomParagraphNode, (mutations) => {
        if (conflictsSeen) return;
        editor.getEditorState().read(() => {
          for (const [key, mutation] of mutations) {
            if (mutation === 'destroyed') continue;
            const node = $getNodeByKey(key);
            if ($isCustomParagraphNode(node) && node.getConflictOf() !== null) conflictsSeen = true;
          }
        });
      }),
      editor.registerUpdateListener(remeasure),
      () => resizes?.disconnect(),
    );
    // Content already in the editor when the plugin registered (its mutation listener saw it) is shown now.
    remeasure();
    return unregister;
  }, [editor, measure]);

  return (
    <>
      {places.map((place) => (
        <Box
          key={place.copyKey}
          role="group"
          aria-label="Changed on two devices"
          sx={{ position: 'absolute', top: place.top + 8, left: { xs: 16, sm: 32 }, display: 'flex', gap: 1 }}
        >
          <Button
            size="small"
            variant="outlined"
            sx={TAP_TARGET}
            onClick={() => resolve(editor, place.copyKey, 'this')}
          >
            Keep this
          </Button>
          <Button
            size="small"
            variant="outlined"
            sx={TAP_TARGET}
            onClick={() => resolve(editor, place.copyKey, 'other')}
          >
            Keep the other
          </Button>
        </Box>
      ))}
    </>
  );
}
