import Typography from '@mui/material/Typography';
import { PageLayout } from '../../../components/layouts/page-layout';

/** Spec §2 /stories: the list of series and standalone stories. */
export function StoriesPage() {
  return (
    <PageLayout title="Stories">
      <Typography variant="h4" component="h1">
        Your Stories
      </Typography>
    </PageLayout>
  );
}
