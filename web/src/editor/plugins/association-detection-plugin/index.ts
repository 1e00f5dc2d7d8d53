import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useRef } from 'react';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import { registerAssociationDetection, type AssociationDetection } from './association-detection';

export { ASSOCIATION_SCAN_TAG, registerAssociationDetection } from './association-detection';

interface AssociationDetectionPluginProps {
  /** The story's associations; null while they are still loading (mentions are then left as they are). */
  associations: readonly AssociationListItem[] | null;
}

/**
 * Highlights the story's associations wherever the chapter names them (see `registerAssociationDetection`).
 */
export function AssociationDetectionPlugin({ associations }: AssociationDetectionPluginProps) {
  const [editor] = useLexicalComposerContext();
  const detection = useRef<AssociationDetection | null>(null);

  useEffect(() => {
    const registered = registerAssociationDetection(editor);
    detection.current = registered;
    return () => {
      registered.unregister();
      detection.current = null;
    };
  }, [editor]);

  // Declared after the registration, so on mount the list reaches a detection that exists.
  useEffect(() => {
    void detection.current?.setAssociations(associations);
  }, [editor, associations]);

  return null;
}
