import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { pendingShare } from '../../features/reading/pending-share';
import { useUser } from '../../lib/user/user-context';

/**
 * Spec §2: every route except / and /signin sends signed-out visitors to /. A share link opened before signing
 * in (issue 24) is continued here, wherever the sign-in landed; the share page forgets it.
 */
export function ProtectedRoute() {
  const { isSignedIn } = useUser();
  if (!isSignedIn) return <Navigate to={paths.home.getHref()} replace />;
  const shareId = pendingShare();
  return shareId === null ? <Outlet /> : <Navigate to={paths.sharedLink.getHref(shareId)} replace />;
}

/** Spec §2: / and /signin send signed-in authors straight to their stories. */
export function SignedOutOnlyRoute() {
  const { isSignedIn } = useUser();
  return isSignedIn ? <Navigate to={paths.stories.getHref()} replace /> : <Outlet />;
}
