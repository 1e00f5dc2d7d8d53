import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { seriesListQuery } from '../../../api/series';
import { storyQuery } from '../../../api/stories';
import { useLoadQuery } from '../../../lib/use-load-query';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { StoryForm } from '../components/story-form';
import { useCreateStory, useUpdateStoryDetails } from '../hooks/use-save-story';
import { STORY_CREATED_ALERT, STORY_EDITED_ALERT } from '../story-alerts';
import type { StoryDetails } from '../types';

function FormPage({ heading, intro, children }: { heading: string; intro: string; children?: ReactNode }) {
  return (
    <PageLayout title={heading}>
      <Box sx={{ mb: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1">
          {heading}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {intro}
        </Typography>
      </Box>
      {children}
    </PageLayout>
  );
}

/**
 * /stories/new and /series/{id}/add. A new story opens in its workspace, on the first chapter the server
 * made for it; one added from a series editor returns there, where the author was arranging volumes.
 */
function CreateStory({ seriesId }: { seriesId: string | undefined }) {
  const seriesList = useLoadQuery(seriesListQuery(), { what: 'the series' });
  const creation = useCreateStory();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const heading = 'Create a Story';
  const intro = 'Name it, sum it up, and give it a cover. Everything can be changed later.';

  if (seriesList.isPending) return <FormPage heading={heading} intro={intro} />;
  const allSeries = seriesList.data ?? [];
  const preassigned = allSeries.find((series) => series.series_id === seriesId);

  const submit = (details: StoryDetails) =>
    creation.mutateAsync(details).then(
      (story) => {
        showAlert(STORY_CREATED_ALERT);
        navigate(seriesId ? paths.editSeries.getHref(seriesId) : paths.story.getHref(story.story_id));
      },
      // The mutation has told the author; the form stays as it was for another try.
      () => undefined,
    );

  return (
    <FormPage heading={heading} intro={intro}>
      <StoryForm
        mode="create"
        initialValues={{
          title: '',
          description: '',
          seriesName: preassigned?.series_title ?? '',
          imageUrl: '',
        }}
        seriesList={allSeries}
        onSubmit={submit}
        cancelHref={seriesId ? paths.editSeries.getHref(seriesId) : paths.stories.getHref()}
      />
    </FormPage>
  );
}

/** /stories/{id}/edit: back to the story list once saved. */
function UpdateStory({ storyId }: { storyId: string }) {
  const story = useLoadQuery(storyQuery(storyId), { what: `story ${storyId}` });
  const seriesList = useLoadQuery(seriesListQuery(), { what: 'the series' });
  const update = useUpdateStoryDetails(storyId);
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const heading = 'Update a Story';
  const intro = 'Change the title, summary, cover or series of this story.';

  if (story.isPending || seriesList.isPending) {
    return <FormPage heading={heading} intro={intro} />;
  }
  if (story.isError) {
    return (
      <FormPage heading={heading} intro={intro}>
        <Alert severity="warning">This story could not be opened.</Alert>
      </FormPage>
    );
  }

  const submit = (details: StoryDetails) =>
    update.mutateAsync(details).then(
      () => {
        showAlert(STORY_EDITED_ALERT);
        navigate(paths.stories.getHref());
      },
      // The mutation has told the author; the form stays as it was for another try.
      () => undefined,
    );

  return (
    <FormPage heading={heading} intro={intro}>
      <StoryForm
        mode="update"
        initialValues={{
          title: story.data.title,
          description: story.data.description,
          seriesName: story.data.series_title ?? '',
          imageUrl: story.data.image_url,
        }}
        seriesList={seriesList.data ?? []}
        onSubmit={submit}
        cancelHref={paths.stories.getHref()}
      />
    </FormPage>
  );
}

/**
 * Spec §2: one create/update story form behind /stories/new, /stories/{storyID}/edit and
 * /series/{seriesID}/add; only editing an existing story makes it an update.
 */
export function StoryFormPage() {
  const { storyId, seriesId } = useParams();
  return storyId === undefined ? <CreateStory seriesId={seriesId} /> : <UpdateStory storyId={storyId} />;
}
