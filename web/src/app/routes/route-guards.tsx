import { Navigate, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useUser } from '../../lib/user/user-context';

/** Spec §2: every route except / and /signin sends signed-out visitors to /. */
export function ProtectedRoute() {
  const { isSignedIn } = useUser();
  return isSignedIn ? <Outlet /> : <Navigate to={paths.home.getHref()} replace />;
}

/** Spec §2: / and /signin send signed-in authors straight to their stories. */
export function SignedOutOnlyRoute() {
  const { isSignedIn } = useUser();
  return isSignedIn ? <Navigate to={paths.stories.getHref()} replace /> : <Outlet />;
}
