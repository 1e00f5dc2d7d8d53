import Typography from '@mui/material/Typography';
import { PageLayout } from '../../../components/layouts/page-layout';

/** Spec §2 /settings: account settings. */
export function SettingsPage() {
  return (
    <PageLayout title="Account Settings">
      <Typography variant="h4" component="h1">
        Account Settings
      </Typography>
    </PageLayout>
  );
}
