/** The signed-in author's calls (spec §7 "User and lists"), each answer parsed with the shared schema. */
import { UserSchema, type User } from '../../../shared/schemas/user';
import { authPaths } from '../config/paths';
import { ApiError, api } from '../lib/api-client';
import { apiPaths } from './api-paths';

/**
 * GET /api/user: the signed-in author's account, or `null` when the server answers 401 (signed out). Other
 * failures reject; the caller decides what they mean.
 */
export async function getUser(): Promise<User | null> {
  try {
    return UserSchema.parse(await api.get(apiPaths.user));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Ends the server session (answers 204) and clears the session cookie. */
export async function logout(): Promise<void> {
  await api.delete(authPaths.logout);
}
