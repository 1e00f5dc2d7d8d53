import { createContext, useContext } from 'react';
import type { User } from '../../../../shared/schemas/user';

export type { User };

export interface UserContextValue {
  /** `null` when signed out. The provider renders nothing until the first lookup has answered. */
  user: User | null;
  isSignedIn: boolean;
  /**
   * Spec §6: premium features are open. The server's rule (`hasPremiumAccess`): a subscription whose paid
   * period has not ended; an expired one counts as a free account, as the server treats it.
   */
  isSubscriber: boolean;
  /**
   * Looks the user up again, e.g. after subscribing or changing auto-renewal. Rejects with an `ApiError`
   * (keeping the current user) if the lookup fails other than with 401.
   */
  refresh: () => Promise<void>;
  /** Keeps the account as a change the server just made answered it, without looking it up again. */
  setUser: (user: User) => void;
  /** Ends the session and returns to the home page. */
  signOut: () => Promise<void>;
  /** After the server deleted the account (and its sessions): the app loads afresh on the sign-in page, saying so. */
  leaveDeletedAccount: () => void;
}

export const UserContext = createContext<UserContextValue | null>(null);

export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error('useUser must be used inside <UserProvider>.');
  return value;
}
