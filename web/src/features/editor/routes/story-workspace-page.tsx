import Typography from '@mui/material/Typography';
import { PageLayout } from '../../../components/layouts/page-layout';

/** Spec §2 /stories/{storyID}: the story workspace with the chapter editor. */
export function StoryWorkspacePage() {
  return (
    <PageLayout title="Story">
      <Typography variant="h4" component="h1">
        Story
      </Typography>
    </PageLayout>
  );
}
