import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import type { DocumentSettings } from '../../../../../shared/schemas/settings';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { ChapterEditor } from '../../../editor/chapter-editor';
import {
  AssociationEditorPlugins,
  AssociationPanel,
  StoryAssociationsProvider,
  useAssociationPanelOpen,
} from '../../associations';
import { useDocumentSettings } from '../api/get-document-settings';
import { useStoredWordCounts } from '../api/get-full-story';
import { useStory, type WorkspaceStory } from '../api/get-story';
import { useRenameChapter } from '../api/rename-chapter';
import { useUpdateSeriesTitle } from '../api/update-series-title';
import { useUpdateStoryTitle } from '../api/update-story-title';
import { ChapterTitle } from '../components/chapter-title';
import { ChaptersFlyout, FLYOUT_WIDTH } from '../components/chapters-flyout';
import { DocumentSettingsDialog } from '../components/document-settings-dialog';
import { ExportMenu } from '../components/export-menu';
import { LiveWordCountStatus } from '../components/word-count-status';
import { WorkspaceSideMenu } from '../components/workspace-side-menu';
import { useActiveChapter } from '../hooks/use-active-chapter';
import { LiveWordCounts } from '../hooks/use-word-counts';
import { renumbered } from '../utils/chapter-order';

/** Spec §2 /stories/{storyID}: the story workspace with the chapter editor. */
export function StoryWorkspacePage() {
  const { storyId = '' } = useParams();
  // Everything on the page belongs to one story: another story starts afresh.
  return <StoryWorkspace key={storyId} storyId={storyId} />;
}

function StoryWorkspace({ storyId }: { storyId: string }) {
  // Read side by side: the story, its settings and the stored text its word count starts from.
  const { lookup, updateStory } = useStory(storyId);
  const { settings, replaceSettings } = useDocumentSettings(storyId);
  const storedWordCounts = useStoredWordCounts(storyId);

  if (lookup.status === 'loading') {
    return <PageLayout title="Story">{null}</PageLayout>;
  }
  if (lookup.status === 'failed') return <StoryUnavailable notFound={lookup.notFound} />;
  return (
    <StoryAssociationsProvider storyId={lookup.story.story_id}>
      <LoadedWorkspace
        story={lookup.story}
        updateStory={updateStory}
        settings={settings}
        onSettingsChange={replaceSettings}
        storedWordCounts={storedWordCounts}
      />
    </StoryAssociationsProvider>
  );
}

interface LoadedWorkspaceProps {
  story: WorkspaceStory;
  updateStory: (change: (story: WorkspaceStory) => WorkspaceStory) => void;
  /** `undefined` until read; the editor waits for them so spell checking does not flicker on. */
  settings: DocumentSettings | undefined;
  onSettingsChange: (settings: DocumentSettings) => void;
  storedWordCounts: ReadonlyMap<string, number> | null | undefined;
}

function LoadedWorkspace({
  story,
  updateStory,
  settings,
  onSettingsChange,
  storedWordCounts,
}: LoadedWorkspaceProps) {
  const navigate = useNavigate();
  const docked = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  const [flyoutOpen, setFlyoutOpen] = useState(false);
  const associationPanelOpen = useAssociationPanelOpen();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { chapters } = story;
  const { activeChapter, selectChapter } = useActiveChapter(chapters);
  const [liveWordCounts] = useState(() => new LiveWordCounts());
  const updateStoryTitle = useUpdateStoryTitle();
  const updateSeriesTitle = useUpdateSeriesTitle();
  const renameChapter = useRenameChapter();

  const changeChapters = useCallback(
    (change: (chapters: Chapter[]) => Chapter[]) =>
      updateStory((current) => ({ ...current, chapters: change(current.chapters) })),
    [updateStory],
  );

  // Titles change on screen at once and go back if the server refuses them.
  const renameStory = async (title: string) => {
    const previous = story.title;
    updateStory((current) => ({ ...current, title }));
    if (!(await updateStoryTitle(story, title))) updateStory((current) => ({ ...current, title: previous }));
  };

  const { series_id: seriesId, series_title: seriesTitle } = story;
  const renameSeries =
    seriesId === undefined
      ? undefined
      : async (title: string) => {
          updateStory((current) => ({ ...current, series_title: title }));
          if (!(await updateSeriesTitle(seriesId, title))) {
            updateStory((current) => ({ ...current, series_title: seriesTitle }));
          }
        };

  const retitleChapter = (chapterId: string, title: string) =>
    changeChapters((current) =>
      current.map((chapter) => (chapter.id === chapterId ? { ...chapter, title } : chapter)),
    );
  const renameActiveChapter = async (chapter: Chapter, title: string) => {
    retitleChapter(chapter.id, title);
    if (!(await renameChapter(chapter, title))) retitleChapter(chapter.id, chapter.title);
  };

  // A deleted chapter that was open gives way to the one before it (or, for the first, the one after).
  const removeChapter = (chapterId: string) => {
    const index = chapters.findIndex((chapter) => chapter.id === chapterId);
    const remaining = renumbered(chapters.filter((chapter) => chapter.id !== chapterId));
    const neighbour = remaining[Math.max(0, index - 1)];
    if (chapterId === activeChapter?.id && neighbour) selectChapter(neighbour.id, { replace: true });
    changeChapters(() => remaining);
  };

  const activeChapterId = activeChapter?.id;
  const reportWords = useCallback(
    (words: number) => {
      if (activeChapterId !== undefined) liveWordCounts.report(activeChapterId, words);
    },
    [activeChapterId, liveWordCounts],
  );

  return (
    <PageLayout
      title={story.title}
      header={{
        ...(story.image_url ? { storyImage: story.image_url } : {}),
        storyTitle: story.title,
        onStoryTitleChange: (title) => void renameStory(title),
        ...(seriesTitle !== undefined && renameSeries
          ? { seriesTitle, onSeriesTitleChange: (title: string) => void renameSeries(title) }
          : {}),
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 1.5, sm: 3 },
          // The workspace fills the window below the header (less the page's own padding), and the manuscript
          // scrolls inside it: the side menu, the editor's toolbar and the word count stay in view.
          height: { xs: 'calc(100dvh - 57px - 48px)', sm: 'calc(100dvh - 65px - 80px)' },
          minHeight: 420,
          // The docked flyout covers the right of the window: keep the manuscript clear of it.
          // The association panel is as wide as the flyout and docks the same way.
          pr:
            (flyoutOpen || associationPanelOpen) && docked
              ? `max(0px, calc(${FLYOUT_WIDTH}px - max(0px, (100vw - 1200px) / 2)))`
              : 0,
          transition: 'padding-right 225ms ease-out',
        }}
      >
        <WorkspaceSideMenu
          flyoutOpen={flyoutOpen}
          onCloseDocument={() => navigate(paths.stories.getHref())}
          onToggleFlyout={() => setFlyoutOpen((open) => !open)}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <Box sx={{ flex: '1 1 auto', minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
          <Box
            component="section"
            aria-label="Manuscript"
            sx={{
              flex: '1 1 auto',
              minHeight: 0,
              overflowY: 'auto',
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
            }}
          >
            {activeChapter && settings ? (
              <ChapterEditor
                key={activeChapter.id}
                storyId={story.story_id}
                chapterId={activeChapter.id}
                settings={settings}
                toolbarStart={
                  <ChapterTitle
                    title={activeChapter.title}
                    onRename={(title) => void renameActiveChapter(activeChapter, title)}
                  />
                }
                toolbarEnd={<ExportMenu />}
                onWordCountChange={reportWords}
                plugins={<AssociationEditorPlugins />}
              />
            ) : (
              chapters.length === 0 && (
                <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
                  This story has no chapters yet. Add one from Chapters and layout.
                </Typography>
              )
            )}
          </Box>
          <LiveWordCountStatus
            stored={storedWordCounts}
            chapters={chapters}
            activeChapterId={activeChapterId}
            liveCounts={liveWordCounts}
          />
        </Box>
      </Box>
      <ChaptersFlyout
        open={flyoutOpen}
        onClose={() => setFlyoutOpen(false)}
        docked={docked}
        storyId={story.story_id}
        storyTitle={story.title}
        chapters={chapters}
        activeChapterId={activeChapterId}
        onSelectChapter={(chapterId) => {
          if (chapterId !== activeChapterId) selectChapter(chapterId);
        }}
        onChaptersChange={changeChapters}
        onChapterDeleted={removeChapter}
      />
      {settings && (
        <DocumentSettingsDialog
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          storyId={story.story_id}
          settings={settings}
          onSettingsChange={onSettingsChange}
        />
      )}
      <AssociationPanel />
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
