import GlobalStyles from '@mui/material/GlobalStyles';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import {
  $getSelection,
  $isRangeSelection,
  COMMAND_PRIORITY_EDITOR,
  createCommand,
  HISTORY_PUSH_TAG,
  SKIP_DOM_SELECTION_TAG,
  type LexicalCommand,
} from 'lexical';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MAX_FIND_LENGTH } from '../../../../../shared/schemas/story-search';
import type { FindOptions } from '../../../../../shared/text-replacement';
import {
  $findEditorMatches,
  $replaceAllMatches,
  $replaceEditorMatch,
  $selectMatch,
  matchRange,
} from './editor-matches';
import { isMacPlatform, matchesCombo, SHORTCUTS } from '../../../lib/keyboard-shortcuts';
import { centreInView } from '../../caret-scrolling';
import { FindBar } from './find-bar';
import { clearFindHighlights, findHighlightStyles, showFindHighlights } from './find-highlights';

/** Opens the find bar; `replace` shows the replace field too (Ctrl/Cmd+F and Ctrl/Cmd+H). */
export const OPEN_FIND_COMMAND: LexicalCommand<{ replace: boolean }> = createCommand('OPEN_FIND_COMMAND');

const NO_OPTIONS: FindOptions = { case_sensitive: false, whole_word: false };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The selected text, when it is a short phrase within one paragraph: what the bar starts looking for. */
function $selectedPhrase(): string {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) || selection.isCollapsed()) return '';
  const text = selection.getTextContent();
  return text.trim() !== '' && !/[\n\t]/u.test(text) && text.length <= MAX_FIND_LENGTH ? text : '';
}

/**
 * Find and replace in the open chapter (issue 14 §3): Ctrl/Cmd+F opens the bar above the text, Ctrl/Cmd+H
 * with the replace field. Every match is highlighted without changing the document; Enter and Shift+Enter
 * step through them, scrolling each into view; Esc closes the bar and puts the caret on the current match.
 * 'Replace' and 'Replace all' change the text in one editor update (one undo step), keeping each run's
 * formatting, and autosave sends the changed paragraphs as it sends typing.
 */
export function FindReplacePlugin() {
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<FindOptions>(NO_OPTIONS);
  const [replacement, setReplacement] = useState('');
  const [current, setCurrent] = useState(0);
  const [lastReplace, setLastReplace] = useState<number | null>(null);
  // Bumped when the current match should be scrolled into view: a step or a new query, never an edit.
  const [scrollRequest, setScrollRequest] = useState(0);
  const [focusRequest, setFocusRequest] = useState<{ field: 'find' | 'replace' } | null>(null);
  const findInputRef = useRef<HTMLInputElement | null>(null);
  const replaceInputRef = useRef<HTMLInputElement | null>(null);

  const openBar = useCallback(
    (replace: boolean) => {
      const phrase = editor.read($selectedPhrase);
      if (phrase !== '') {
        setQuery(phrase);
        setCurrent(0);
        setScrollRequest((request) => request + 1);
      }
      setOpen(true);
      if (replace) setReplacing(true);
      setFocusRequest({ field: replace && (phrase !== '' || query !== '') ? 'replace' : 'find' });
    },
    [editor, query],
  );

  useEffect(
    () =>
      editor.registerCommand(
        OPEN_FIND_COMMAND,
        ({ replace }) => {
          openBar(replace);
          return true;
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor, openBar],
  );

  // The page's shortcuts, wherever the focus is: the browser's own find would not see the bar's highlights.
  useEffect(() => {
    const onMac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      const replace = matchesCombo(event, SHORTCUTS.replace.combo, onMac);
      if (!replace && !matchesCombo(event, SHORTCUTS.find.combo, onMac)) return;
      event.preventDefault();
      editor.dispatchCommand(OPEN_FIND_COMMAND, { replace });
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [editor]);

  useEffect(() => {
    if (!focusRequest) return;
    const input = focusRequest.field === 'replace' ? replaceInputRef.current : findInputRef.current;
    input?.focus();
    input?.select();
  }, [focusRequest]);

  // The text as last rendered, so the matches are found again after every change while the bar is open.
  const [editorState, setEditorState] = useState(() => editor.getEditorState());
  useEffect(() => {
    if (!open) return undefined;
    setEditorState(editor.getEditorState());
    return editor.registerUpdateListener((update) => {
      if (update.dirtyElements.size > 0 || update.dirtyLeaves.size > 0) setEditorState(update.editorState);
    });
  }, [editor, open]);
  const matches = useMemo(
    () => (open && query !== '' ? editorState.read(() => $findEditorMatches(query, options)) : []),
    [editorState, open, query, options],
  );

  const currentIndex = matches.length === 0 ? -1 : Math.min(current, matches.length - 1);
  const currentMatch = currentIndex === -1 ? undefined : matches[currentIndex];

  useEffect(() => {
    if (!open) return undefined;
    const ranges = matches.flatMap((match) => matchRange(editor, match) ?? []);
    showFindHighlights(ranges, currentMatch ? matchRange(editor, currentMatch) : null);
    return clearFindHighlights;
  }, [editor, open, matches, currentMatch]);

  const scrolledFor = useRef(0);
  useEffect(() => {
    // Only a step or a new query scrolls: the matches changing under an edit must not move the page.
    if (!currentMatch || scrolledFor.current === scrollRequest) return;
    scrolledFor.current = scrollRequest;
    const matched = matchRange(editor, currentMatch)?.startContainer.parentElement;
    if (matched) centreInView(matched);
  }, [editor, scrollRequest, currentMatch]);

  const changeQuery = (next: string) => {
    setQuery(next);
    setCurrent(0);
    setLastReplace(null);
    setScrollRequest((request) => request + 1);
  };
  const changeOptions = (next: FindOptions) => {
    setOptions(next);
    setCurrent(0);
    setLastReplace(null);
    setScrollRequest((request) => request + 1);
  };
  const step = (direction: 1 | -1) => {
    if (matches.length === 0) return;
    setCurrent((currentIndex + direction + matches.length) % matches.length);
    setLastReplace(null);
    setScrollRequest((request) => request + 1);
  };
  const close = () => {
    setOpen(false);
    setLastReplace(null);
    editor.update(() => {
      if (currentMatch) $selectMatch(currentMatch);
    });
    editor.focus();
  };
  const replaceCurrent = () => {
    if (!currentMatch) return;
    editor.update(() => $replaceEditorMatch(currentMatch, query, replacement, options), {
      tag: [HISTORY_PUSH_TAG, SKIP_DOM_SELECTION_TAG],
    });
    setLastReplace(null);
    setScrollRequest((request) => request + 1);
  };
  const replaceAll = () => {
    let replaced = 0;
    editor.update(
      () => {
        replaced = $replaceAllMatches(query, replacement, options);
      },
      { tag: [HISTORY_PUSH_TAG, SKIP_DOM_SELECTION_TAG], discrete: true },
    );
    setLastReplace(replaced);
  };

  if (!open) return null;
  const status =
    lastReplace !== null
      ? `Replaced ${plural(lastReplace, 'match', 'matches')}`
      : query === ''
        ? ''
        : matches.length === 0
          ? 'No matches'
          : `${currentIndex + 1} of ${matches.length}`;
  return (
    <>
      <GlobalStyles styles={findHighlightStyles} />
      <FindBar
        query={query}
        onQueryChange={changeQuery}
        options={options}
        onOptionsChange={changeOptions}
        status={status}
        replacing={replacing}
        onReplacingChange={(next) => {
          setReplacing(next);
          if (next) setFocusRequest({ field: 'replace' });
        }}
        replacement={replacement}
        onReplacementChange={setReplacement}
        hasMatches={matches.length > 0}
        onStep={step}
        onReplace={replaceCurrent}
        onReplaceAll={replaceAll}
        onClose={close}
        findInputRef={findInputRef}
        replaceInputRef={replaceInputRef}
      />
    </>
  );
}
