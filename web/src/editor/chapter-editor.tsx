import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type JSX, type ReactNode } from 'react';
import type { DocumentSettings } from '../../../shared/schemas/settings';
import { useAlerts } from '../components/alerts/alerts-context';
import { getChapterQueue, resumeStoryQueues, useSaveStatus, type AutosaveQueue } from './autosave';
import { ChapterCreationFailed } from './chapter-creation-failed';
import { useLoadQuery } from '../lib/use-load-query';
import { ApiError } from '../lib/api-client';
import { useVisualViewportOffset } from '../lib/use-visual-viewport-offset';
import { chapterOpeningQuery } from '../api/chapter-content';
import { loadChapter, type LoadedChapter } from './chapter-content';
import { ChapterOpening } from './chapter-opening';
import { editorTheme } from './editor-theme';
import { manuscriptTypography } from './manuscript-typography';
import {
  CHAPTER_BEING_CREATED_ALERT,
  CHAPTER_CHANGED_ALERT,
  CHAPTER_READY_ALERT,
  LARGE_PASTE_ALERT,
  UNABLE_TO_SYNC_ALERT,
} from './editor-alerts';
import { EDITOR_NODES } from './nodes';
import { AutosavePlugin } from './plugins/autosave-plugin';
import { AutotabPlugin } from './plugins/autotab-plugin';
import { CaretMarginPlugin } from './plugins/caret-margin-plugin';
import { CaretMemoryPlugin } from './plugins/caret-memory-plugin';
import { ChapterCreationPlugin } from './plugins/chapter-creation-plugin';
import {
  ContextMenuPlugin,
  ContextMenuRegistry,
  ContextMenuRegistryContext,
} from './plugins/context-menu-plugin';
import { FindReplacePlugin } from './plugins/find-replace-plugin';
import { InitialContentPlugin } from './plugins/initial-content-plugin';
import { NormalisationPlugin } from './plugins/normalisation-plugin';
import { SceneBreakPlugin } from './plugins/scene-break-plugin';
import { PastePlugin } from './plugins/paste-plugin';
import { SelectionSyncPlugin } from './plugins/selection-sync-plugin';
import { TabPlugin } from './plugins/tab-plugin';
import { EditorToolbar, SaveStatusIndicator, ToolbarPlugin } from './plugins/toolbar-plugin';
import { CONFLICT_STYLES, ConflictPlugin } from './plugins/conflict-plugin';
import { LiveContentPlugin } from './plugins/live-content-plugin';
import { CURRENT_PARAGRAPH_CLASS, FocusModePlugin } from './plugins/focus-mode-plugin';
import { FormatShortcutsPlugin } from './plugins/format-shortcuts-plugin';
import { TouchSelectionPlugin } from './plugins/touch-selection-plugin';
import { WordCountPlugin } from './plugins/word-count-plugin';

export interface ChapterEditorProps {
  storyId: string;
  chapterId: string;
  settings: DocumentSettings;
  /**
   * Focus mode (the workspace hides the rest of the page): no toolbar but a quiet save status, typewriter
   * scrolling, and with `dimOthers` every paragraph but the current one faded.
   */
  focusMode?: { dimOthers: boolean };
  /** Rendered in the toolbar (the workspace passes the editable chapter title and the export menu). */
  toolbarStart?: ReactNode;
  toolbarEnd?: ReactNode;
  /** Live word count of this chapter, for the workspace's word counts. */
  onWordCountChange?: (words: number) => void;
  /** More plugins (the workspace's association plugins), registered before the chapter's content loads. */
  plugins?: ReactNode;
  /** Offered when the chapter's creation failed: the workspace asks to confirm and deletes it. */
  onDeleteChapter?: () => void;
}

/** Issue 26 §1: offline, a chapter this device did not keep cannot open. */
export const CHAPTER_NOT_KEPT_MESSAGE =
  'This chapter is not kept on this device, so it cannot open while you are offline. It opens once you are back online.';

/** Spec §9: undo groups changes made within a second of each other. */
const HISTORY_MERGE_DELAY_MS = 1000;
/** Spec §9: one indent level is 40 px. */
const INDENT_STEP = '40px';

/**
 * The chapter's load (see `loadChapter`) as a query of its own per editor and attempt, which a failed load
 * reports as every load does. A remounted editor (another chapter, or the stored text changed under it) loads
 * afresh, and so does `reload`, the editor showing again once the chapter has loaded anew.
 */
function useChapterLoad(queue: AutosaveQueue) {
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const editorId = useId();
  const [attempt, setAttempt] = useState(0);
  const { storyId, chapterId } = queue.scope;
  const load = useLoadQuery(
    {
      queryKey: ['chapter-editor-load', storyId, chapterId, editorId, attempt],
      queryFn: () => loadChapter(queue, queryClient),
      staleTime: Infinity,
      gcTime: 0,
    },
    { what: 'the chapter' },
  );
  const chapter = load.data;

  useEffect(() => {
    if (!chapter) return;
    // The opening shown while the chapter loaded is of no more use, and would be old at the next visit.
    queryClient.removeQueries({ queryKey: chapterOpeningQuery(storyId, chapterId, 0).queryKey, exact: true });
    if (chapter.conflicts > 0) showAlert(CHAPTER_CHANGED_ALERT);
    // What earlier pages left unsent is in the loaded content; send it now rather than in 5 s.
    void queue.flush();
  }, [chapter, queue, showAlert, queryClient, storyId, chapterId]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  const offline = load.error instanceof ApiError && load.error.status === 0;
  return { chapter, failed: load.isError, offline, reload };
}

/**
 * The queue's events as the spec's alerts (§4, §8). A write refused because the chapter changed elsewhere is
 * also taken in by the open editor (`LiveContentPlugin`), which rebases what waits unsent on the chapter read
 * again and lets the queue send again.
 */
function useAutosaveAlerts(queue: AutosaveQueue, creatingAtLoad: boolean) {
  const { showAlert } = useAlerts();

  useEffect(() => {
    if (creatingAtLoad) showAlert(CHAPTER_BEING_CREATED_ALERT);
  }, [creatingAtLoad, showAlert]);

  useEffect(
    () =>
      queue.onEvent((event) => {
        if (event.type === 'chapterCreating') showAlert(CHAPTER_BEING_CREATED_ALERT);
        else if (event.type === 'chapterReady') showAlert(CHAPTER_READY_ALERT);
        else if (event.type === 'chapterChanged') showAlert(CHAPTER_CHANGED_ALERT);
        else showAlert(UNABLE_TO_SYNC_ALERT);
      }),
    [queue, showAlert],
  );
}

/** How faded the paragraphs around the current one are in focus mode, when the author wants it. */
const DIMMED_OPACITY = 0.35;

/** Manuscript typography (the story's text size and font) and the classes of `editorTheme`. */
const manuscriptStyles = (settings: DocumentSettings, focusMode: ChapterEditorProps['focusMode']) => {
  const { fontFamily, fontSize, measure } = manuscriptTypography(settings);
  return {
    ...baseManuscriptStyles,
    fontFamily,
    fontSize,
    maxWidth: { xs: `calc(${measure} + 32px)`, sm: `calc(${measure} + 64px)` },
    // In focus mode the last line can still come up to the middle of the window (typewriter scrolling).
    ...(focusMode ? { pb: '50vh' } : {}),
    ...(focusMode?.dimOthers
      ? {
          [`& .lw-content > :not(.${CURRENT_PARAGRAPH_CLASS})`]: {
            opacity: DIMMED_OPACITY,
            transition: 'opacity 200ms ease',
          },
        }
      : {}),
  };
};

const baseManuscriptStyles = {
  '--lexical-indent-base-value': INDENT_STEP,
  position: 'relative',
  mx: 'auto',
  px: { xs: 2, sm: 4 },
  py: { xs: 3, sm: 5 },
  lineHeight: 1.75,
  color: 'text.primary',
  '& .lw-content': {
    outline: 'none',
    minHeight: '60vh',
    // Room below the last line, so the end of a chapter can be written in the middle of the screen.
    paddingBottom: '50vh',
    whiteSpace: 'pre-wrap',
    overflowWrap: 'break-word',
    tabSize: '2em',
    caretColor: 'currentColor',
    // Taps are handled as taps (caret, double-tap word selection), not as double-tap zoom.
    touchAction: 'manipulation',
  },
  // A scene break: centred and spaced out, never indented, as every export draws it.
  '& .lw-paragraph.lw-scene-break': { textAlign: 'center', letterSpacing: '0.4em', textIndent: 0 },
  '& .lw-paragraph': {
    m: 0,
    mb: '0.9em',
    // The browser lays out and paints only the paragraphs near the screen, so typing costs the same in a
    // chapter of 150,000 words as in one of 1,000. Until first shown, a paragraph counts as two lines.
    contentVisibility: 'auto',
    containIntrinsicBlockSize: 'auto 3.5em',
    // Which also clips painting to the paragraph: room for a flashed mention's outline at a line's start.
    overflowClipMargin: '8px',
  },
  '& .lw-text-bold': { fontWeight: 700 },
  '& .lw-text-italic': { fontStyle: 'italic' },
  '& .lw-text-underline': { textDecoration: 'underline' },
  '& .lw-text-strikethrough': { textDecoration: 'line-through' },
  '& .lw-text-underline-strikethrough': { textDecoration: 'underline line-through' },
  '& .lw-placeholder': {
    position: 'absolute',
    top: { xs: 24, sm: 40 },
    left: { xs: 16, sm: 32 },
    color: 'text.disabled',
    pointerEvents: 'none',
    userSelect: 'none',
  },
  // Last: a conflicted copy's room for its buttons wins over the paragraphs' spacing.
  ...CONFLICT_STYLES,
} as const;

interface LoadedEditorProps extends ChapterEditorProps {
  queue: AutosaveQueue;
  chapter: LoadedChapter;
  /** Loads the chapter anew, replacing this editor: when a chapter changed elsewhere cannot be read again. */
  reload: () => void;
}

function LoadedEditor({
  storyId,
  chapterId,
  queue,
  chapter,
  settings,
  toolbarStart,
  toolbarEnd,
  onWordCountChange,
  plugins,
  focusMode,
  onDeleteChapter,
  reload,
}: LoadedEditorProps) {
  const { showAlert } = useAlerts();
  const [creationFailed, setCreationFailed] = useState(chapter.creationFailed);
  const markCreationFailed = useCallback(() => setCreationFailed(true), []);
  const creationFailedMessage = creationFailed && (
    <ChapterCreationFailed
      storyId={storyId}
      chapterId={chapterId}
      onRetried={() => setCreationFailed(false)}
      {...(onDeleteChapter ? { onDelete: onDeleteChapter } : {})}
    />
  );
  const [contextMenu] = useState(() => new ContextMenuRegistry());
  const [contentShown, setContentShown] = useState(false);
  // The composer reads its configuration once. It starts empty: the content comes in through
  // InitialContentPlugin, after every plugin has registered.
  const initialConfig = useRef<InitialConfigType>({
    namespace: 'chapter',
    nodes: EDITOR_NODES,
    theme: editorTheme,
    onError: (error) => {
      throw error;
    },
    editorState: null,
  }).current;
  const showContent = useCallback(() => setContentShown(true), []);

  const warnLargePaste = useCallback(() => showAlert(LARGE_PASTE_ALERT), [showAlert]);

  return (
    <ContextMenuRegistryContext.Provider value={contextMenu}>
      <LexicalComposer initialConfig={initialConfig}>
        {focusMode ? (
          <QuietSaveStatus queue={queue} />
        ) : (
          <StickyToolbar>
            <ToolbarPlugin
              queue={queue}
              start={toolbarStart}
              end={toolbarEnd}
              creationFailed={creationFailed}
            />
            <FindReplacePlugin />
            {creationFailedMessage}
          </StickyToolbar>
        )}
        {focusMode && creationFailedMessage}
        {/* Hidden for the moment between the empty editor's first paint and its content. */}
        <Box
          sx={{ ...manuscriptStyles(settings, focusMode), visibility: contentShown ? 'visible' : 'hidden' }}
        >
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className="lw-content"
                aria-label="Chapter text"
                aria-multiline
                spellCheck={settings.spellcheck}
                aria-placeholder="Start writing…"
                placeholder={<div className="lw-placeholder">Start writing…</div>}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
          <ConflictPlugin />
        </Box>
        <HistoryPlugin delay={HISTORY_MERGE_DELAY_MS} />
        <AutosavePlugin queue={queue} />
        <WordCountPlugin onWordCountChange={onWordCountChange} />
        <ChapterCreationPlugin
          queue={queue}
          creating={chapter.creating}
          failed={creationFailed}
          onFailed={markCreationFailed}
        />
        <SelectionSyncPlugin />
        <TabPlugin />
        <AutotabPlugin enabled={settings.autotab} />
        <NormalisationPlugin />
        <SceneBreakPlugin />
        <PastePlugin autotab={settings.autotab} onLargePaste={warnLargePaste} />
        <ContextMenuPlugin />
        <TouchSelectionPlugin />
        <FormatShortcutsPlugin />
        <FocusModePlugin typewriter={focusMode !== undefined} />
        {plugins}
        <InitialContentPlugin blocks={chapter.blocks} onLoaded={showContent} />
        <LiveContentPlugin queue={queue} stamp={chapter.stamp} onUnreadable={reload} />
        <CaretMemoryPlugin storyId={storyId} chapterId={chapterId} contentShown={contentShown} />
        <CaretMarginPlugin />
      </LexicalComposer>
    </ContextMenuRegistryContext.Provider>
  );
}

/**
 * The toolbar with the find bar and a failed creation's message under it: all stay in view while the manuscript
 * scrolls, and at the top of what is on screen while a phone's keyboard is up.
 */
function StickyToolbar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const offset = useVisualViewportOffset(ref, 'top');
  return (
    <Box
      ref={ref}
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 2,
        bgcolor: 'background.paper',
        transform: offset ? `translateY(${offset}px)` : undefined,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * Focus mode's save status: small, in the window's corner, in the quiet secondary ink (its warning colour
 * when saving is in trouble), and still a live status for screen readers.
 */
function QuietSaveStatus({ queue }: { queue: AutosaveQueue }) {
  const status = useSaveStatus(queue);
  const ref = useRef<HTMLDivElement>(null);
  // Above a phone's keyboard, which covers the bottom of the window without resizing it.
  const offset = useVisualViewportOffset(ref, 'bottom');
  return (
    <Box
      ref={ref}
      sx={{
        position: 'fixed',
        transform: offset ? `translateY(${offset}px)` : undefined,
        right: { xs: 12, sm: 20 },
        bottom: { xs: 12, sm: 16 },
        zIndex: 1,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <SaveStatusIndicator status={status} />
    </Box>
  );
}

/** The toolbar while the chapter loads, or if it could not: the save status and the slots, nothing to act on. */
function DisabledToolbar({ queue, start, end }: { queue: AutosaveQueue; start: ReactNode; end: ReactNode }) {
  return (
    <EditorToolbar
      activeFormats={new Set()}
      alignment={null}
      onFormat={() => undefined}
      onAlign={() => undefined}
      status={useSaveStatus(queue)}
      disabled
      start={start}
      end={end}
    />
  );
}

/**
 * The chapter editor of the story workspace (spec §2): toolbar, manuscript, autosave. It loads the chapter
 * (with any changes an earlier page left unsent), and saves every change through the chapter's queue. The
 * workspace re-mounts it per chapter (`key={chapterId}`); on unmount the queue is flushed and carries on.
 */
export function ChapterEditor({ storyId, chapterId, ...props }: ChapterEditorProps): JSX.Element {
  const queue = useMemo(() => getChapterQueue({ storyId, chapterId }), [storyId, chapterId]);
  const { chapter, failed, offline, reload } = useChapterLoad(queue);
  useAutosaveAlerts(queue, chapter !== undefined && chapter.creating && !chapter.creationFailed);

  useEffect(() => resumeStoryQueues(storyId, chapterId), [storyId, chapterId]);

  if (chapter) {
    return (
      <LoadedEditor
        storyId={storyId}
        chapterId={chapterId}
        queue={queue}
        chapter={chapter}
        reload={reload}
        {...props}
      />
    );
  }

  return (
    <>
      <DisabledToolbar queue={queue} start={props.toolbarStart} end={props.toolbarEnd} />
      <Box sx={manuscriptStyles(props.settings, props.focusMode)}>
        {!failed ? (
          <ChapterOpening queue={queue} />
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={reload}>
                Try again
              </Button>
            }
          >
            {offline ? CHAPTER_NOT_KEPT_MESSAGE : 'This chapter could not be loaded.'}
          </Alert>
        )}
      </Box>
    </>
  );
}
