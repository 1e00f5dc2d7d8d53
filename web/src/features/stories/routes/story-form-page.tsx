import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../../../components/layouts/page-layout';

/**
 * Spec §2: one create/update story form behind /stories/new, /stories/{storyID}/edit and
 * /series/{seriesID}/add; only editing an existing story makes it an update.
 */
export function StoryFormPage() {
  const { storyId } = useParams();
  const heading = storyId === undefined ? 'Create a Story' : 'Update a Story';

  return (
    <PageLayout title={heading}>
      <Typography variant="h4" component="h1">
        {heading}
      </Typography>
    </PageLayout>
  );
}
