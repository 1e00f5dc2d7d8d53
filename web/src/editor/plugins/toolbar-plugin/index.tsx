import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getSelection,
  $isRangeSelection,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  type ElementFormatType,
} from 'lexical';
import { useEffect, useState, type ReactNode } from 'react';
import { useSaveStatus, type AutosaveQueue, type SaveStatus } from '../../autosave';
import { OPEN_FIND_COMMAND } from '../find-replace-plugin';
import { EditorToolbar, type ToolbarAlignment, type ToolbarTextFormat } from './editor-toolbar';

export { EditorToolbar, type ToolbarAlignment, type ToolbarTextFormat } from './editor-toolbar';
export { SaveStatusIndicator } from './save-status-indicator';

const FORMATS: ToolbarTextFormat[] = ['bold', 'italic', 'underline', 'strikethrough'];

function toToolbarAlignment(format: ElementFormatType): ToolbarAlignment | null {
  if (format === '' || format === 'left' || format === 'start') return 'left';
  if (format === 'right' || format === 'end') return 'right';
  if (format === 'center' || format === 'justify') return format;
  return null;
}

interface SelectionFormats {
  formats: ReadonlySet<ToolbarTextFormat>;
  alignment: ToolbarAlignment | null;
}

const NOTHING_SELECTED: SelectionFormats = { formats: new Set(), alignment: null };

function sameFormats(a: SelectionFormats, b: SelectionFormats): boolean {
  return (
    a.alignment === b.alignment &&
    a.formats.size === b.formats.size &&
    [...a.formats].every((f) => b.formats.has(f))
  );
}

function $readSelectionFormats(): SelectionFormats {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return NOTHING_SELECTED;
  const block = selection.anchor.getNode().getTopLevelElement();
  return {
    formats: new Set(FORMATS.filter((format) => selection.hasFormat(format))),
    alignment: block ? toToolbarAlignment(block.getFormatType()) : null,
  };
}

interface ToolbarPluginProps {
  /** Whose save status the toolbar shows; only the toolbar re-renders when it changes. */
  queue: AutosaveQueue;
  start?: ReactNode;
  end?: ReactNode;
  /** The chapter's creation failed: what waits is shown as waiting for it rather than for its creation. */
  creationFailed?: boolean;
}

/** The toolbar bound to the editor: toggles reflect the selection, and act on it through Lexical's commands. */
export function ToolbarPlugin({ queue, start, end, creationFailed = false }: ToolbarPluginProps) {
  const [editor] = useLexicalComposerContext();
  const queueStatus = useSaveStatus(queue);
  const status: SaveStatus =
    creationFailed && queueStatus.state === 'creating'
      ? { ...queueStatus, state: 'notCreated' }
      : queueStatus;
  const [selectionFormats, setSelectionFormats] = useState<SelectionFormats>(NOTHING_SELECTED);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        const next = editorState.read($readSelectionFormats);
        setSelectionFormats((current) => (sameFormats(current, next) ? current : next));
      }),
    [editor],
  );

  return (
    <EditorToolbar
      activeFormats={selectionFormats.formats}
      alignment={selectionFormats.alignment}
      onFormat={(format) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
      onAlign={(alignment) => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, alignment)}
      onFind={() => editor.dispatchCommand(OPEN_FIND_COMMAND, { replace: false })}
      status={status}
      start={start}
      end={end}
    />
  );
}
