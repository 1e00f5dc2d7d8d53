import Typography from '@mui/material/Typography';
import { PageLayout } from '../../../components/layouts/page-layout';

/** Spec §2 /subscribe: subscribe with card entry. */
export function SubscribePage() {
  return (
    <PageLayout title="Subscribe">
      <Typography variant="h4" component="h1">
        Subscribe
      </Typography>
    </PageLayout>
  );
}
