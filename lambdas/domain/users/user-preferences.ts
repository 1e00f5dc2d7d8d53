import type { UserPreferences } from '../../../shared/schemas/billing';
import { NotFoundError } from '../../errors';
import type { Ports } from '../../ports';

/** PUT /api/user's preferences (theme, daily goal, time zone): kept on the author's profile. */
export async function updateUserPreferences(
  ports: Ports,
  userId: string,
  preferences: UserPreferences,
): Promise<void> {
  if (!(await ports.repositories.users.updatePreferences(userId, preferences, ports.now()))) {
    throw new NotFoundError('No such author.');
  }
}
