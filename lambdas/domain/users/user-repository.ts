import type { UserPreferences } from '../../../shared/schemas/billing';
import type { User } from '../../../shared/schemas/user';
import type { SignedInIdentity } from '../auth/identity';
import type { Read } from '../unit-of-work';

/** Authors: a profile (plan and subscription state) and the sign-in identities that lead to it. */
export interface UserRepository {
  /** The author's profile; undefined for no such author, and for an account being deleted. */
  get(userId: string): Promise<User | undefined>;
  /** `get` as a read to make with others (`Repositories.read`). */
  getRead(userId: string): Read<User | undefined>;
  /**
   * The user an identity belongs to, created on first sign-in on the free plan. The identity link and the
   * profile are written together, so a half-created user cannot exist; two concurrent first sign-ins resolve
   * to the same user. An identity whose account was deleted gets a fresh, empty account.
   */
  findOrCreateByIdentity(identity: SignedInIdentity, now: Date): Promise<string>;
  /**
   * Sets the preferences given (a null daily goal removes it), touching no other field; false when there is no
   * such user.
   */
  updatePreferences(userId: string, preferences: UserPreferences, now: Date): Promise<boolean>;
  /** Marks the account deleted: from now on nothing signs in to it (`get` answers none); the purge follows. */
  markDeleted(userId: string, now: Date): Promise<void>;
  /** Removes the links of the author's sign-in identities that still lead to this author. */
  deleteIdentityLinks(userId: string): Promise<void>;
  /**
   * Deletes the author's whole partition: profile, story and series items, trash entries, daily words and the
   * listings of sessions and identities. The last step of deleting an account: what these items name goes first.
   */
  deletePartition(userId: string): Promise<void>;
}
