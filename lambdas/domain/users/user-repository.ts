import type { UserPreferences } from '../../../shared/schemas/billing';
import type { User } from '../../../shared/schemas/user';
import type { SignedInIdentity } from '../../ports';

/** Authors: a profile (plan and subscription state) and the sign-in identities that lead to it. */
export interface UserRepository {
  get(userId: string): Promise<User | undefined>;
  /**
   * The user an identity belongs to, created on first sign-in on the free plan. The identity link and the
   * profile are written together, so a half-created user cannot exist; two concurrent first sign-ins resolve
   * to the same user.
   */
  findOrCreateByIdentity(identity: SignedInIdentity, now: Date): Promise<string>;
  /**
   * Sets the preferences given (a null daily goal removes it), touching no other field; false when there is no
   * such user.
   */
  updatePreferences(userId: string, preferences: UserPreferences, now: Date): Promise<boolean>;
}
