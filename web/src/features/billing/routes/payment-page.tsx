import Typography from '@mui/material/Typography';
import { PageLayout } from '../../../components/layouts/page-layout';

/** Spec §2 /payment: replace the card on file. */
export function PaymentPage() {
  return (
    <PageLayout title="Update your Card">
      <Typography variant="h4" component="h1">
        Update your Card
      </Typography>
    </PageLayout>
  );
}
