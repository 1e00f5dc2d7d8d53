import type { User } from '../../../../shared/schemas/user';
import { ApiError, api } from '../api-client';
import { authPaths } from '../../config/paths';

/**
 * The signed-in author's account, or `null` when the server answers 401 (signed out). Other failures
 * reject with an `ApiError`; the caller decides what they mean.
 */
export async function getUser(): Promise<User | null> {
  try {
    return await api.get<User>('/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Ends the server session (answers 204) and clears the session cookie. */
export function logout(): Promise<void> {
  return api.delete<void>(authPaths.logout);
}
