import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { DocumentSettings } from '../../../../../shared/schemas/settings';
import { useToastClearance } from '../../../components/alerts/toast-clearance';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths, storyAddressParameters } from '../../../config/paths';
import { sendStoryChanges } from '../../../editor/autosave';
import { ChapterEditor } from '../../../editor/chapter-editor';
import { MentionFocusPlugin } from '../../../editor/plugins/mention-focus-plugin';
import {
  AssociationEditorPlugins,
  AssociationPanel,
  StoryAssociationsProvider,
  useAssociationPanelOpen,
  useStoryAssociations,
  type StoryTextEditing,
} from '../../associations';
import { VersionsButton, VersionsPanel } from '../../versions';
import { AddCommentButton, CommentsButton, CommentsPanel, ShareDialog, useChapterReview } from '../../review';
import { markCommentsSeen } from '../../../api/review';
import { ReviewPlugin, type ReviewEditorHandle } from '../../../editor/plugins/review-plugin';
import type { TextAnchor } from '../../../../../shared/anchoring';
import { ChapterTitle } from '../components/chapter-title';
import type { DeleteChapterRequest } from '../components/delete-chapter-dialog';
import { ExportMenu } from '../components/export-menu';
import { LiveWordCountStatus } from '../components/word-count-status';
import { WorkspaceSideMenu } from '../components/workspace-side-menu';
import { useActiveChapter } from '../hooks/use-active-chapter';
import { useWheelScrollsManuscript } from '../hooks/use-wheel-scrolls-manuscript';
import {
  useChangeStory,
  useDocumentSettings,
  useStoredWordCounts,
  useWorkspaceStory,
  type WorkspaceStory,
} from '../hooks/use-workspace-data';
import {
  useCreateChapter,
  useDeleteChapter,
  useRenameChapter,
  useRenameSeries,
  useRenameStory,
} from '../hooks/use-workspace-mutations';
import { LiveWordCounts } from '../hooks/use-word-counts';
import { renumbered } from '../utils/chapter-order';
import { ALL_PANELS_CLOSED, rightPanelOpen, workspacePanelsReducer } from '../utils/workspace-panels';
import { withoutChapter } from '../../../../../shared/outline';
import { defaultChapterTitle } from '../../../../../shared/validation';
import { ASSOCIATION_MENTION_CLASS } from '../../../editor/nodes/association-node';
import { useFocusDimPreference } from '../../../lib/focus-mode-preferences';
import {
  FocusModeButton,
  HiddenChromeTooltips,
  LeaveFocusModeButton,
} from '../components/focus-mode-buttons';
import { useWorkspaceShortcuts } from '../hooks/use-workspace-shortcuts';
import { lazyComponent } from '../../../lib/lazy-component';
import { MountedOnceOpened } from '../../../lib/mounted-once-opened';

// Issue 26 §3: what the first screen does not show is downloaded when first opened (the chapters' drag and
// drop alone weighs 28 KB gzipped).
const ChaptersFlyout = lazyComponent(() => import('../components/chapters-flyout'), 'ChaptersFlyout');
const DeleteChapterDialog = lazyComponent(
  () => import('../components/delete-chapter-dialog'),
  'DeleteChapterDialog',
);
const DocumentSettingsDialog = lazyComponent(
  () => import('../components/document-settings-dialog'),
  'DocumentSettingsDialog',
);
const StorySearchPanel = lazyComponent(
  // Picked out of the module: its other exports (helpers) would blur the props inferred.
  () => import('../components/story-search-panel').then(({ StorySearchPanel }) => ({ StorySearchPanel })),
  'StorySearchPanel',
);

/** Spec §2 /stories/{storyID}: the story workspace with the chapter editor. */
export function StoryWorkspacePage() {
  const { storyId = '' } = useParams();
  // Everything on the page belongs to one story: another story starts afresh.
  return <StoryWorkspace key={storyId} storyId={storyId} />;
}

function StoryWorkspace({ storyId }: { storyId: string }) {
  // Read side by side: the story, its settings and the stored text its word count starts from.
  const lookup = useWorkspaceStory(storyId);
  const settings = useDocumentSettings(storyId);
  const storedWordCounts = useStoredWordCounts(storyId);
  // Bumped when the server changed the stored text (rename everywhere): the open chapter is then reloaded.
  const [textVersion, setTextVersion] = useState(0);
  const textEditing = useMemo<StoryTextEditing>(
    () => ({
      beforeTextChange: () => sendStoryChanges(storyId),
      afterTextChange: () => setTextVersion((version) => version + 1),
    }),
    [storyId],
  );

  if (lookup.status === 'loading') {
    return <PageLayout title="Story">{null}</PageLayout>;
  }
  if (lookup.status === 'failed') return <StoryUnavailable notFound={lookup.notFound} />;
  return (
    <StoryAssociationsProvider storyId={lookup.story.story_id} textEditing={textEditing}>
      <LoadedWorkspace
        story={lookup.story}
        settings={settings}
        storedWordCounts={storedWordCounts}
        textVersion={textVersion}
        textEditing={textEditing}
      />
    </StoryAssociationsProvider>
  );
}

interface LoadedWorkspaceProps {
  story: WorkspaceStory;
  /** `undefined` until read; the editor waits for them so spell checking does not flicker on. */
  settings: DocumentSettings | undefined;
  storedWordCounts: ReadonlyMap<string, number> | null | undefined;
  /** Changes when the stored text changed under the editor, which then reloads the chapter. */
  textVersion: number;
  /** What a change of the stored text (restoring a version) does before and after. */
  textEditing: StoryTextEditing;
}

function LoadedWorkspace({
  story,
  settings,
  storedWordCounts,
  textVersion,
  textEditing,
}: LoadedWorkspaceProps) {
  const navigate = useNavigate();
  const docked = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  // Once the author types on a phone, the header and the side menu give way to the text; they come back as soon
  // as the focus leaves the manuscript (a chapter opening with the caret in it keeps them).
  const [writing, setWriting] = useState(false);
  const chromeHidden = phone && writing;
  const [panels, changePanels] = useReducer(workspacePanelsReducer, ALL_PANELS_CLOSED);
  const associationPanelOpen = useAssociationPanelOpen();
  const { chapters } = story;
  const { activeChapter, selectChapter, mentionTarget, clearMentionTarget } = useActiveChapter(
    story.story_id,
    chapters,
  );
  const [liveWordCounts] = useState(() => new LiveWordCounts());
  const renameStory = useRenameStory(story);
  const renameSeries = useRenameSeries(story);
  const renameChapter = useRenameChapter(story.story_id);
  const changeStory = useChangeStory(story.story_id);
  const createChapter = useCreateChapter(story.story_id);
  const deleteChapter = useDeleteChapter(story.story_id);
  // A chapter whose creation failed offers its deletion from the editor.
  const [deleteRequest, setDeleteRequest] = useState<DeleteChapterRequest | null>(null);
  const { associations, panel } = useStoryAssociations();
  const { focusMode } = panels;
  const [dimOthers] = useFocusDimPreference();
  const seriesTitle = story.series_title;
  const manuscriptRef = useRef<HTMLElement>(null);
  useWheelScrollsManuscript(manuscriptRef);
  useEffect(() => {
    // The editor takes typing in `beforeinput` and cancels it, so no `input` event follows.
    const manuscript = manuscriptRef.current;
    const startWriting = () => setWriting(true);
    manuscript?.addEventListener('beforeinput', startWriting);
    return () => manuscript?.removeEventListener('beforeinput', startWriting);
  }, []);
  // Toasts keep the word counts under the manuscript in view.
  const footerRef = useRef<HTMLDivElement>(null);
  useToastClearance(footerRef);

  const toggleFocusMode = () => changePanels({ type: 'toggled', panel: 'focusMode' });
  const stepChapter = (step: 1 | -1) => {
    // The address names the open chapter as soon as it changes; a render may still be on its way when the
    // shortcut is pressed again, so a quick second step starts from where the first one went.
    const openChapterId =
      new URLSearchParams(window.location.search).get(storyAddressParameters.chapter) ?? activeChapter?.id;
    const index = chapters.findIndex((chapter) => chapter.id === openChapterId);
    const next = chapters[index + step];
    if (index >= 0 && next) selectChapter(next.id);
  };
  useWorkspaceShortcuts({
    newChapter: () =>
      void createChapter({ title: defaultChapterTitle(chapters.length), place: chapters.length + 1 }),
    nextChapter: () => stepChapter(1),
    previousChapter: () => stepChapter(-1),
    focusMode: toggleFocusMode,
    // The association named at the caret; elsewhere the panel closes, or opens on the story's first one.
    associationPanel: () => {
      const anchor = window.getSelection()?.anchorNode;
      const element = anchor instanceof Element ? anchor : anchor?.parentElement;
      const mentioned = element?.closest<HTMLElement>(`.${ASSOCIATION_MENTION_CLASS}`)?.dataset.associationId;
      const first = associations?.[0]?.association_id;
      if (mentioned) panel.openAssociation(mentioned);
      else if (panel.state.open) panel.closePanel();
      else if (first) panel.openAssociation(first);
    },
    // Ctrl/Cmd+Shift+F opens the story-wide search wherever the focus is.
    searchStory: () => changePanels({ type: 'opened', panel: 'search' }),
    onEscape: () => {
      if (!associationPanelOpen) changePanels({ type: 'closed', panel: 'focusMode' });
    },
  });

  // A deleted chapter that was open gives way to the one before it (or, for the first, the one after). The
  // server took it out of its outline section with the delete.
  const removeChapter = (chapterId: string) => {
    const index = chapters.findIndex((chapter) => chapter.id === chapterId);
    const remaining = renumbered(chapters.filter((chapter) => chapter.id !== chapterId));
    const neighbour = remaining[Math.max(0, index - 1)];
    if (chapterId === activeChapter?.id && neighbour) selectChapter(neighbour.id, { replace: true });
    changeStory((current) => ({
      ...current,
      chapters: remaining,
      outline: current.outline && (withoutChapter(current.outline, chapterId) ?? current.outline),
    }));
  };

  const activeChapterId = activeChapter?.id;
  const review = useChapterReview(story.story_id, activeChapterId);
  const reviewEditor = useRef<ReviewEditorHandle>(null);
  const [newCommentAnchor, setNewCommentAnchor] = useState<TextAnchor | null>(null);
  const [chosenReviewId, setChosenReviewId] = useState<string | undefined>(undefined);
  const unreadComments = story.review?.unread_comments ?? 0;
  const openComments = () => {
    changePanels({ type: 'opened', panel: 'comments' });
    if (unreadComments > 0) {
      void markCommentsSeen(story.story_id);
      changeStory((current) =>
        current.review ? { ...current, review: { ...current.review, unread_comments: 0 } } : current,
      );
    }
  };
  const commentOnSelection = () => {
    const anchor = reviewEditor.current?.selectionAnchor() ?? null;
    setNewCommentAnchor(anchor);
    openComments();
  };
  const reportWords = useCallback(
    (words: number) => {
      if (activeChapterId !== undefined) liveWordCounts.report(activeChapterId, words);
    },
    [activeChapterId, liveWordCounts],
  );

  return (
    <PageLayout
      title={story.title}
      headerHidden={focusMode || chromeHidden}
      header={{
        ...(story.image_url ? { storyImage: story.image_url } : {}),
        storyTitle: story.title,
        onStoryTitleChange: renameStory,
        ...(seriesTitle !== undefined && renameSeries
          ? { seriesTitle, onSeriesTitleChange: renameSeries }
          : {}),
      }}
    >
      <Box
        sx={(theme) => {
          const { headerHeight, pagePaddingY, sidePanelWidth } = theme.layout;
          const fillBelowHeader = (breakpoint: 'xs' | 'sm') =>
            `calc(100dvh - ${headerHeight[breakpoint]}px - ${theme.spacing(2 * pagePaddingY[breakpoint])})`;
          return {
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 1.5, sm: 3 },
            // The workspace fills the window below the header (less the page's own padding), and the manuscript
            // scrolls inside it: the side menu, the editor's toolbar and the word count stay in view.
            height: { xs: fillBelowHeader('xs'), sm: fillBelowHeader('sm') },
            minHeight: 420,
            // A docked side panel covers the right of the window, beyond the margin beside the content
            // column: keep the manuscript clear of it.
            pr:
              (rightPanelOpen(panels) || associationPanelOpen) && docked
                ? `max(0px, calc(${sidePanelWidth}px - max(0px, (100vw - ${theme.breakpoints.values.lg}px) / 2)))`
                : 0,
            transition: 'padding-right 225ms ease-out',
            // Into the page's padding too, 8 px from the window's edges.
            ...(chromeHidden && {
              height: 'calc(100dvh - 16px)',
              my: `calc(8px - ${theme.spacing(pagePaddingY.xs)})`,
            }),
            // Focus mode: the text alone takes the window, above the hidden header and the page's padding.
            ...(focusMode && {
              position: 'fixed',
              inset: 0,
              zIndex: theme.zIndex.appBar + 1,
              height: '100dvh',
              // On a phone the corner button to leave sits in a strip of its own, over no words.
              pt: { xs: 7, sm: 0 },
              bgcolor: 'background.paper',
            }),
          };
        }}
      >
        {focusMode && (
          <>
            <HiddenChromeTooltips />
            <LeaveFocusModeButton onClick={toggleFocusMode} />
          </>
        )}
        <Box sx={{ display: focusMode || chromeHidden ? 'none' : 'contents' }}>
          <WorkspaceSideMenu
            flyoutOpen={panels.chapters}
            onCloseDocument={() => navigate(paths.stories.getHref())}
            onToggleFlyout={() => changePanels({ type: 'toggled', panel: 'chapters' })}
            searchOpen={panels.search}
            onToggleSearch={() => changePanels({ type: 'toggled', panel: 'search' })}
            onOpenSettings={() => changePanels({ type: 'opened', panel: 'settings' })}
            onOpenStoryBible={() => navigate(paths.storyBible.getHref(story.story_id))}
            onOpenCorkboard={() => navigate(paths.corkboard.getHref(story.story_id))}
            onOpenTimeline={() => navigate(paths.timeline.getHref(story.story_id))}
            onOpenShare={() => changePanels({ type: 'opened', panel: 'share' })}
          />
        </Box>
        <Box sx={{ flex: '1 1 auto', minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Box
            component="section"
            aria-label="Manuscript"
            ref={manuscriptRef}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget)) setWriting(false);
            }}
            sx={{
              flex: '1 1 auto',
              minHeight: 0,
              overflowY: 'auto',
              bgcolor: 'background.paper',
              border: focusMode ? 0 : 1,
              borderColor: 'divider',
              borderRadius: 2,
            }}
          >
            {activeChapter && settings ? (
              <ChapterEditor
                key={`${activeChapter.id}:${textVersion}`}
                storyId={story.story_id}
                chapterId={activeChapter.id}
                settings={settings}
                toolbarStart={
                  <ChapterTitle
                    title={activeChapter.title}
                    onRename={(title) => renameChapter(activeChapter, title)}
                  />
                }
                toolbarEnd={
                  <>
                    <AddCommentButton onClick={commentOnSelection} />
                    <CommentsButton
                      open={panels.comments}
                      unread={unreadComments}
                      onToggle={() =>
                        panels.comments ? changePanels({ type: 'closed', panel: 'comments' }) : openComments()
                      }
                    />
                    <VersionsButton
                      open={panels.versions}
                      onToggle={() => changePanels({ type: 'toggled', panel: 'versions' })}
                    />
                    <FocusModeButton onClick={toggleFocusMode} />
                    <ExportMenu storyId={story.story_id} storyTitle={story.title} />
                  </>
                }
                {...(focusMode ? { focusMode: { dimOthers } } : {})}
                onWordCountChange={reportWords}
                onDeleteChapter={() =>
                  setDeleteRequest({ chapter: activeChapter, isOnlyChapter: chapters.length === 1 })
                }
                plugins={
                  <>
                    <AssociationEditorPlugins
                      highlight={settings.highlight_associations}
                      chapterId={activeChapter.id}
                    />
                    <MentionFocusPlugin target={mentionTarget} onFocused={clearMentionTarget} />
                    <ReviewPlugin marks={review.marks} chosenId={chosenReviewId} handleRef={reviewEditor} />
                  </>
                }
              />
            ) : (
              chapters.length === 0 && (
                <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
                  This story has no chapters yet. Add one from Chapters and layout.
                </Typography>
              )
            )}
          </Box>
          <Box ref={footerRef} sx={focusMode ? { display: 'none' } : undefined}>
            <LiveWordCountStatus
              stored={storedWordCounts}
              chapters={chapters}
              activeChapterId={activeChapterId}
              liveCounts={liveWordCounts}
              story={{ id: story.story_id, title: story.title, targetWords: settings?.target_words }}
            />
          </Box>
        </Box>
      </Box>
      <MountedOnceOpened open={panels.chapters}>
        <ChaptersFlyout
          open={panels.chapters}
          onClose={() => changePanels({ type: 'closed', panel: 'chapters' })}
          docked={docked}
          storyId={story.story_id}
          storyTitle={story.title}
          chapters={chapters}
          outline={story.outline ?? []}
          activeChapterId={activeChapterId}
          onSelectChapter={(chapterId) => {
            if (chapterId !== activeChapterId) selectChapter(chapterId);
          }}
          onChapterDeleted={removeChapter}
        />
      </MountedOnceOpened>
      <MountedOnceOpened open={deleteRequest !== null}>
        <DeleteChapterDialog
          request={deleteRequest}
          storyTitle={story.title}
          onCancel={() => setDeleteRequest(null)}
          onConfirm={(chapter) => {
            setDeleteRequest(null);
            void deleteChapter(chapter).then((deleted) => deleted && removeChapter(chapter.id));
          }}
        />
      </MountedOnceOpened>
      <MountedOnceOpened open={panels.search}>
        <StorySearchPanel
          open={panels.search}
          onClose={() => changePanels({ type: 'closed', panel: 'search' })}
          docked={docked}
          storyId={story.story_id}
        />
      </MountedOnceOpened>
      {settings && (
        <MountedOnceOpened open={panels.settings}>
          <DocumentSettingsDialog
            open={panels.settings}
            onClose={() => changePanels({ type: 'closed', panel: 'settings' })}
            storyId={story.story_id}
            settings={settings}
          />
        </MountedOnceOpened>
      )}
      <MountedOnceOpened open={associationPanelOpen}>
        <AssociationPanel />
      </MountedOnceOpened>
      <MountedOnceOpened open={panels.share}>
        <ShareDialog
          open={panels.share}
          onClose={() => changePanels({ type: 'closed', panel: 'share' })}
          storyId={story.story_id}
          storyTitle={story.title}
          chapters={chapters}
        />
      </MountedOnceOpened>
      {activeChapter && (
        <MountedOnceOpened open={panels.comments}>
          <CommentsPanel
            key={`comments:${activeChapter.id}`}
            open={panels.comments}
            onClose={() => {
              changePanels({ type: 'closed', panel: 'comments' });
              setNewCommentAnchor(null);
              setChosenReviewId(undefined);
            }}
            docked={docked}
            storyId={story.story_id}
            chapterId={activeChapter.id}
            chapterTitle={activeChapter.title}
            threads={review.threads}
            suggestions={review.suggestions}
            newCommentAnchor={newCommentAnchor}
            onNewCommentDone={() => setNewCommentAnchor(null)}
            chosenId={chosenReviewId}
            onChoose={setChosenReviewId}
            editor={reviewEditor}
          />
        </MountedOnceOpened>
      )}
      {activeChapter && (
        <MountedOnceOpened open={panels.versions}>
          <VersionsPanel
            key={activeChapter.id}
            open={panels.versions}
            onClose={() => changePanels({ type: 'closed', panel: 'versions' })}
            docked={docked}
            storyId={story.story_id}
            chapterId={activeChapter.id}
            chapterTitle={activeChapter.title}
            textChanges={textEditing}
          />
        </MountedOnceOpened>
      )}
    </PageLayout>
  );
}

function StoryUnavailable({ notFound }: { notFound: boolean }) {
  const heading = notFound ? 'Story not found' : 'This story could not be opened';
  return (
    <PageLayout title={heading}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
        <Typography variant="h4" component="h1">
          {heading}
        </Typography>
        <Typography color="text.secondary">
          {notFound
            ? 'It may have been deleted, or the address may be mistyped.'
            : 'Please try again in a moment.'}
        </Typography>
        <Button component={RouterLink} to={paths.stories.getHref()} variant="contained">
          Back to your stories
        </Button>
      </Stack>
    </PageLayout>
  );
}
