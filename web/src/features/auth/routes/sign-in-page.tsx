import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../../../shared/constants';
import { Logo } from '../../../components/brand/logo';
import { CentredPage } from '../../../components/layouts/centred-page';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { SignInPanel } from '../components/sign-in-panel';

export function SignInPage() {
  useDocumentTitle('Sign in');

  return (
    <CentredPage>
      <Link
        component={RouterLink}
        to={paths.home.getHref()}
        underline="none"
        aria-label={`${PRODUCT_NAME} home`}
      >
        <Logo />
      </Link>
      <SignInPanel />
    </CentredPage>
  );
}
