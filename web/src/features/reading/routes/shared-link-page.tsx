import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { joinShare } from '../../../api/review';
import { Logo } from '../../../components/brand/logo';
import { CentredPage } from '../../../components/layouts/centred-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUser } from '../../../lib/user/user-context';
import { SignInPanel } from '../../auth';
import { forgetPendingShare, rememberPendingShare } from '../pending-share';

function Centred({ children }: { children: ReactNode }) {
  return (
    <CentredPage>
      <Logo />
      {children}
    </CentredPage>
  );
}

/**
 * Issue 24 §1, /shared/{shareId}: signed in, joins the share and opens the story to read; signed out, asks to
 * sign in and keeps the link so the app comes back to it (see `ProtectedRoute`).
 */
export function SharedLinkPage() {
  useDocumentTitle('A story shared with you');
  const { shareId = '' } = useParams();
  const { isSignedIn } = useUser();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    if (!isSignedIn) {
      rememberPendingShare(shareId);
      return;
    }
    forgetPendingShare();
    let cancelled = false;
    joinShare(shareId).then(
      ({ story_id }) => {
        if (!cancelled) void navigate(paths.readStory.getHref(story_id), { replace: true });
      },
      (error: unknown) => {
        if (cancelled) return;
        setRefusal(error instanceof ApiError ? error.message : 'The link could not be opened. Try again.');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [isSignedIn, shareId, navigate]);

  if (refusal !== null) {
    return (
      <Centred>
        <Stack spacing={3} sx={{ alignItems: 'center', maxWidth: 480 }}>
          <Alert severity="warning" sx={{ textAlign: 'left' }}>
            {refusal}
          </Alert>
          <Button component={RouterLink} to={paths.stories.getHref()} variant="contained">
            Go to my stories
          </Button>
        </Stack>
      </Centred>
    );
  }

  if (isSignedIn) return null;

  return (
    <Centred>
      <SignInPanel
        heading={{
          title: 'A story has been shared with you',
          subtitle: 'Sign in to read it, with any of these accounts. You will come straight back here.',
        }}
      />
    </Centred>
  );
}
