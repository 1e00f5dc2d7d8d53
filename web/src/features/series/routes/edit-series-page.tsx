import Typography from '@mui/material/Typography';
import { PageLayout } from '../../../components/layouts/page-layout';

/** Spec §2 /series/{seriesID}/edit: edit a series and the order of its stories. */
export function EditSeriesPage() {
  return (
    <PageLayout title="Edit Series">
      <Typography variant="h4" component="h1">
        Edit Series
      </Typography>
    </PageLayout>
  );
}
