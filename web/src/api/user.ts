/** The signed-in author's calls (spec §7 "User and lists"), each answer parsed with the shared schema. */
import type { UserPreferences } from '../../../shared/schemas/billing';
import { ExportReadySchema, type ExportReady } from '../../../shared/schemas/export';
import { DeleteAccountResponseSchema, UserSchema, type User } from '../../../shared/schemas/user';
import { authPaths } from '../config/paths';
import { ApiError, api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const userKeys = {
  current: ['user'] as const,
};

/**
 * GET /api/user: the signed-in author's account, or `null` when the server answers 401 (signed out). Other
 * failures reject; the caller decides what they mean.
 */
export async function getUser(): Promise<User | null> {
  try {
    return UserSchema.parse(await api.get(apiPaths.user, { keepOffline: {} }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** What turning auto-renewal on or off led to: the updated account, or no subscription to change. */
export type RenewalOutcome = { kind: 'updated'; user: User } | { kind: 'no_subscription' };

/**
 * PUT /api/user {renewing}. Without a subscription the server answers 303 to /subscribe, which fetch follows:
 * the answer is then the app's page rather than an account, and the caller sends the author to /subscribe.
 */
export async function updateRenewal(renewing: boolean): Promise<RenewalOutcome> {
  const body = await api.put(apiPaths.user, { renewing });
  const user = UserSchema.safeParse(body);
  if (user.success) return { kind: 'updated', user: user.data };
  if (typeof body === 'string') return { kind: 'no_subscription' };
  throw new ApiError(200, 'invalid_response', 'The server sent a response that could not be read.');
}

/**
 * PUT /api/user with the author's preferences: theme, daily goal (null: none) and/or time zone; answers the
 * updated account.
 */
export async function updateUserPreferences(preferences: UserPreferences): Promise<User> {
  return UserSchema.parse(await api.put(apiPaths.user, preferences));
}

/** Ends the server session (answers 204) and clears the session cookie. */
export async function logout(): Promise<void> {
  await api.delete(authPaths.logout);
}

/** POST /api/user/download: a one-hour link to a zip of every story of the author, as Markdown and JSON. */
export async function requestDownloadAll(): Promise<ExportReady> {
  return ExportReadySchema.parse(await api.post(apiPaths.userDownload, {}));
}

/**
 * POST /api/user/delete: deletes the account, confirmed by its email (400 when it is not the account's). The
 * server signs this browser out (and every other); the content is purged in the background.
 */
export async function deleteAccount(email: string): Promise<void> {
  DeleteAccountResponseSchema.parse(await api.post(apiPaths.userDelete, { email }));
}
