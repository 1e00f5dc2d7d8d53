import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/constants';
import { Logo } from '../../../components/brand/logo';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SignInPanel } from '../components/sign-in-panel';

export function SignInPage() {
  useDocumentTitle('Sign in');

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        px: 2,
        py: 6,
      }}
    >
      <Link
        component={RouterLink}
        to={paths.home.getHref()}
        underline="none"
        aria-label={`${PRODUCT_NAME} home`}
      >
        <Logo />
      </Link>
      <SignInPanel />
    </Box>
  );
}
