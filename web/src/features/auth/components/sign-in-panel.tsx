import Google from '@mui/icons-material/Google';
import Microsoft from '@mui/icons-material/Microsoft';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/constants';
import { authPaths } from '../../../config/paths';
import { AmazonIcon } from './amazon-icon';

const PROVIDERS: { label: string; href: string; icon: ReactNode }[] = [
  { label: 'Sign in with Google', href: authPaths.google, icon: <Google /> },
  { label: 'Sign in with Amazon', href: authPaths.amazon, icon: <AmazonIcon /> },
  { label: 'Sign in with Microsoft', href: authPaths.microsoft, icon: <Microsoft /> },
];

interface SignInPanelProps {
  /** The page's heading and the line under it; the sign-in page's by default. */
  heading?: { title: string; subtitle: string };
}

/**
 * Spec §2 /signin: three links to the server's sign-in entry points. They are plain anchors, not router
 * links, because each answers with a redirect to the identity provider. After 'Delete my account' it says so.
 */
export function SignInPanel({
  heading = { title: `Sign in to ${PRODUCT_NAME}`, subtitle: 'Use an account you already have.' },
}: SignInPanelProps) {
  const [searchParams] = useSearchParams();
  const accountDeleted = searchParams.get('account') === 'deleted';
  return (
    <Paper
      variant="outlined"
      sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        {accountDeleted && (
          <Alert severity="success" role="status" sx={{ width: '100%', textAlign: 'left' }}>
            <AlertTitle>Your account was deleted.</AlertTitle>
            Everything in it is being removed, and you were signed out everywhere. Signing in again starts a
            new, empty account.
          </Alert>
        )}
        <Stack spacing={1}>
          <Typography variant="h4" component="h1">
            {heading.title}
          </Typography>
          <Typography color="text.secondary">{heading.subtitle}</Typography>
        </Stack>
        <Stack spacing={1.5} sx={{ width: '100%' }}>
          {PROVIDERS.map(({ label, href, icon }) => (
            <Button
              key={href}
              href={href}
              variant="outlined"
              size="large"
              startIcon={icon}
              fullWidth
              sx={{ justifyContent: 'center', py: 1.25, color: 'text.primary', borderColor: 'divider' }}
            >
              {label}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
