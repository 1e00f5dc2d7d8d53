import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAlerts } from '../../components/alerts/alerts-context';
import { paths } from '../../config/paths';
import { getUser, logout, updateUserPreferences, userKeys } from '../../api/user';
import { loadChapterQueues } from '../../editor/autosave/load-chapter-queues';
import { claimKept, forgetKept, pruneKept } from '../../lib/offline/kept-reads';
import { isValidTimeZone } from '../../../../shared/writing-progress';
import { hasPremiumAccess } from '../../../../shared/subscription';
import { UserContext, type User, type UserContextValue } from '../../lib/user/user-context';

/**
 * Issue 15 §1: the author's days are counted in their zone, which only the browser knows. When the account
 * holds another (or none), the browser's is sent in the background — the page does not wait for it — and the
 * answered account taken; a failure only means the days are counted in the old zone until the next visit.
 */
function useBrowserTimeZone(user: User | null | undefined, setUser: (changed: User) => void): void {
  const accountZone = user ? user.time_zone : undefined;
  const signedIn = Boolean(user);
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!signedIn || accountZone === timeZone || !isValidTimeZone(timeZone)) return;
    updateUserPreferences({ time_zone: timeZone }).then(setUser, (error: unknown) =>
      console.error('Saving the time zone failed.', error),
    );
  }, [signedIn, accountZone, setUser]);
}

/**
 * The signed-in author (null when signed out) in the app's cache: looked up once for the page, then kept
 * (`refresh` and sign-out change it). A failed lookup is not tried again.
 */
export const currentUserQuery = queryOptions({
  queryKey: userKeys.current,
  queryFn: getUser,
  staleTime: Infinity,
  retry: false,
});

/**
 * Looks up the signed-in user once and shares the answer. Nothing below it renders until that lookup
 * finishes (spec §2), so no page ever flashes its signed-out form to a signed-in author.
 */
export function UserProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const lookup = useQuery(currentUserQuery);
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const firstLookupFailed = lookup.isError && lookup.data === undefined;

  useEffect(() => {
    // Spec §7: a failed lookup means signed out. Only a 401 is expected, so anything else is logged.
    if (firstLookupFailed) console.error('User lookup failed; continuing signed out.', lookup.error);
  }, [firstLookupFailed, lookup.error]);

  // Unlike the first lookup, a later one that fails (other than 401) leaves the author signed in: a
  // passing server fault must not throw them out of their manuscript. The cache keeps the account it held,
  // and the caller sees the rejection.
  const refresh = useCallback(async () => {
    await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
  }, [queryClient]);

  const setUser = useCallback(
    (changed: User) => queryClient.setQueryData(userKeys.current, changed),
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      // The session ends with the sign-out: what autosave still holds is sent while it can be, and only once
      // the session has ended do the queues stop (what could not be sent stays in the browser's store).
      const { flushAllChapterQueues, disposeAllChapterQueues } = await loadChapterQueues();
      await flushAllChapterQueues();
      await logout();
      disposeAllChapterQueues();
    } catch (error) {
      console.error('Sign-out failed.', error);
      showAlert({
        title: 'Unable to sign out',
        message: 'We could not end your session. Please try again.',
        severity: 'error',
      });
      return;
    }
    await forgetKept().catch((error: unknown) => console.error('Forgetting the offline copy failed.', error));
    queryClient.setQueryData(userKeys.current, null);
    navigate(paths.home.getHref(), { replace: true });
  }, [navigate, queryClient, showAlert]);

  // A full load rather than a route change: the guarded page would send a signed-out author home first, and
  // nothing the deleted account's pages held in memory should outlive it.
  const leaveDeletedAccount = useCallback(() => {
    // The deleted account's queues stop first: nothing more is sent for it. Autosave that cannot load held none.
    void loadChapterQueues()
      .then(({ disposeAllChapterQueues }) => disposeAllChapterQueues())
      .then(forgetKept)
      .catch(() => undefined)
      .then(() => window.location.replace(paths.signIn.getHref({ accountDeleted: true })));
  }, []);

  const user = firstLookupFailed ? null : lookup.data;
  useBrowserTimeZone(user, setUser);
  const owner = user ? `${user.customer_id}|${user.email ?? ''}` : undefined;

  useEffect(() => {
    // What this device keeps offline is the signed-in author's alone (issue 26 §1).
    if (owner) {
      void claimKept(owner)
        .then(() => pruneKept())
        .then(() => import('../../api/kept-stories'))
        .then(({ refreshKeptStories }) => refreshKeptStories());
    }
  }, [owner]);
  const value = useMemo<UserContextValue | null>(() => {
    if (user === undefined) return null;
    return {
      user,
      isSignedIn: user !== null,
      isSubscriber: hasPremiumAccess(user ?? undefined, new Date()),
      refresh,
      setUser,
      signOut,
      leaveDeletedAccount,
    };
  }, [user, refresh, setUser, signOut, leaveDeletedAccount]);

  if (!value) return null;
  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}
