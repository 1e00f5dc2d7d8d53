import type { UserPreferences } from '../../../shared/schemas/billing';
import { NotFoundError } from '../../errors';
import type { DomainPorts } from '../ports';

/** The ports these operations use. */
export type UserPreferencesPorts = Pick<DomainPorts, 'repositories' | 'now'>;

/** PUT /api/user's preferences (theme, daily goal, time zone): kept on the author's profile. */
export async function updateUserPreferences(
  ports: UserPreferencesPorts,
  userId: string,
  preferences: UserPreferences,
): Promise<void> {
  if (!(await ports.repositories.users.updatePreferences(userId, preferences, ports.now()))) {
    throw new NotFoundError('No such author.');
  }
}
