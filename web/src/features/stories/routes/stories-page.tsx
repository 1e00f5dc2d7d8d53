import Add from '@mui/icons-material/Add';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/constants';
import type { Series } from '../../../../../shared/schemas/series';
import type { Story } from '../../../../../shared/schemas/story';
import { CardSection } from '../../../components/layouts/card-section';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { lazyComponent } from '../../../lib/lazy-component';
import { SharedWithMeSection } from '../../reading';
import { SeriesCard } from '../components/series-card';
import {
  eagerCoverUrls,
  LIBRARY_DESCRIPTION,
  LIBRARY_TITLE,
  SERIES_SECTION,
  STORIES_SECTION,
} from '../library-page';
import { StoryCard } from '../components/story-card';
import { IMPORT_MANUSCRIPT_LABEL } from '../components/import-manuscript-label';
import { useManuscriptImport } from '../hooks/use-manuscript-import';
import { useStoryLibrary } from '../hooks/use-story-library';
import { RESTORABLE_FOR_30_DAYS } from '../../../lib/restore-from-trash';

// The import dialog (a form with the series field), the deletion question and the series' side list load on
// first use: the list's first paint needs none of them.
const ImportManuscriptDialog = lazyComponent(
  () => import('../components/import-manuscript-dialog'),
  'ImportManuscriptDialog',
);
const ConfirmDialog = lazyComponent(
  () => import('../../../components/confirm-dialog/confirm-dialog'),
  'ConfirmDialog',
);
const SeriesStoriesDrawer = lazyComponent(
  () => import('../components/series-stories-drawer'),
  'SeriesStoriesDrawer',
);

type PendingDeletion = { kind: 'story'; story: Story } | { kind: 'series'; series: Series };

/** Spec §5 confirmations, word for word. */
function deletionQuestion(deletion: PendingDeletion): string {
  return deletion.kind === 'story'
    ? `Delete story ${deletion.story.title}?`
    : `Delete series ${deletion.series.series_title}? Any volumes assigned to it will be converted to standalone stories.`;
}

/**
 * Spec §2 /stories: the author's series and standalone stories. The selected story and chapter live in the
 * address (/stories/{id}?chapter=…), so arriving here leaves nothing selected.
 */
export function StoriesPage() {
  const { library, stories, removeStory, removeSeries } = useStoryLibrary();
  const manuscriptImport = useManuscriptImport(stories);
  // A counter rather than a flag: each opening starts a fresh form.
  const [importDialog, setImportDialog] = useState<{ open: boolean; key: number }>({ open: false, key: 0 });
  const openImportDialog = () => {
    manuscriptImport.clearRefusal();
    setImportDialog((current) => ({ open: true, key: current.key + 1 }));
  };
  const closeImportDialog = () => setImportDialog((current) => ({ ...current, open: false }));
  // Both keep their content while closing, so the dialog and the drawer do not go blank as they animate out.
  const [deletionPrompt, setDeletionPrompt] = useState<{ deletion: PendingDeletion; open: boolean } | null>(
    null,
  );
  const [sideList, setSideList] = useState<{ series: Series; open: boolean } | null>(null);

  const eagerCovers = new Set(
    library.status === 'loaded' ? eagerCoverUrls(library.series, library.standaloneStories) : [],
  );

  const askToDelete = (deletion: PendingDeletion) => setDeletionPrompt({ deletion, open: true });
  const closeDeletionPrompt = () => setDeletionPrompt((current) => current && { ...current, open: false });
  const confirmDeletion = () => {
    if (!deletionPrompt?.open) return;
    const { deletion } = deletionPrompt;
    if (deletion.kind === 'story') removeStory(deletion.story);
    else removeSeries(deletion.series);
    closeDeletionPrompt();
  };

  const isEmpty =
    library.status === 'loaded' &&
    library.isComplete &&
    library.series.length === 0 &&
    library.standaloneStories.length === 0;

  return (
    <PageLayout title="Stories">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          // On a phone the actions go below the heading rather than squeezing it.
          flexWrap: 'wrap',
          gap: 2,
          mb: { xs: 3, sm: 5 },
        }}
      >
        <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
          <Typography variant="h4" component="h1">
            {LIBRARY_TITLE}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {LIBRARY_DESCRIPTION}
          </Typography>
        </Box>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, flexShrink: 0, ml: 'auto' }}
        >
          <Button
            variant="outlined"
            startIcon={<UploadFileOutlined />}
            onClick={openImportDialog}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {IMPORT_MANUSCRIPT_LABEL}
          </Button>
          <Tooltip title="Create Story">
            <Fab
              component={RouterLink}
              to={paths.newStory.getHref()}
              color="primary"
              aria-label="Create Story"
              sx={{ width: 64, height: 64, flexShrink: 0, boxShadow: '0 8px 20px rgba(47, 74, 94, 0.28)' }}
            >
              <Add sx={{ fontSize: 34 }} />
            </Fab>
          </Tooltip>
        </Box>
      </Box>

      {isEmpty && (
        <Alert severity="info" sx={{ mb: 4, borderRadius: 2, border: 1, borderColor: 'divider' }}>
          <AlertTitle>The {PRODUCT_NAME} is In</AlertTitle>
          ...but you haven&apos;t created any stories yet. Hit the big plus button to make one.
        </Alert>
      )}

      {library.status === 'loaded' && library.series.length > 0 && (
        <CardSection heading={SERIES_SECTION}>
          {library.series.map((series) => (
            <SeriesCard
              key={series.series_id}
              series={series}
              eagerCover={eagerCovers.has(series.image_url)}
              onDelete={() => askToDelete({ kind: 'series', series })}
              onShowStories={() => setSideList({ series, open: true })}
            />
          ))}
        </CardSection>
      )}

      {library.status === 'loaded' && library.standaloneStories.length > 0 && (
        <CardSection heading={STORIES_SECTION}>
          {library.standaloneStories.map((story) => (
            <StoryCard
              key={story.story_id}
              story={story}
              eagerCover={eagerCovers.has(story.image_url)}
              onDelete={() => askToDelete({ kind: 'story', story })}
            />
          ))}
        </CardSection>
      )}

      <SharedWithMeSection />

      {deletionPrompt && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={deletionPrompt.open}
            title={deletionPrompt.deletion.kind === 'series' ? 'Delete series' : 'Delete story'}
            message={deletionQuestion(deletionPrompt.deletion)}
            // A series is not kept in the trash: its volumes stay, as standalone stories.
            detail={deletionPrompt.deletion.kind === 'story' ? RESTORABLE_FOR_30_DAYS : undefined}
            confirmLabel="Delete"
            destructive
            onConfirm={confirmDeletion}
            onCancel={closeDeletionPrompt}
          />
        </Suspense>
      )}
      {/* Each is mounted from its first opening on, so its chunk loads only when asked for. */}
      {importDialog.key > 0 && (
        <Suspense fallback={null}>
          <ImportManuscriptDialog
            key={importDialog.key}
            open={importDialog.open}
            seriesList={library.status === 'loaded' ? library.series : []}
            importing={manuscriptImport.isUploading}
            refusal={manuscriptImport.refusal}
            onImport={(fields, manuscript) =>
              manuscriptImport.startImport(fields, manuscript, closeImportDialog)
            }
            onClose={closeImportDialog}
          />
        </Suspense>
      )}
      {sideList && (
        <Suspense fallback={null}>
          <SeriesStoriesDrawer
            open={sideList.open}
            series={sideList.series}
            onClose={() => setSideList((current) => current && { ...current, open: false })}
          />
        </Suspense>
      )}
    </PageLayout>
  );
}
