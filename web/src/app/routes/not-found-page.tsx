import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageLayout } from '../../components/layouts/page-layout';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <PageLayout title="Page not found">
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 560 }}>
        <Typography variant="h3" component="h1">
          Page not found
        </Typography>
        <Typography color="text.secondary">
          This page does not exist. It may have been moved, or the address may be mistyped.
        </Typography>
        <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
          Go to the home page
        </Button>
      </Stack>
    </PageLayout>
  );
}
