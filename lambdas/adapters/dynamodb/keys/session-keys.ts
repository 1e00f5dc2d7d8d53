import { createHash } from 'node:crypto';
import { userPartitionKey } from './user-keys';

export const SESSION_KEY_PREFIX = 'SESSION#';

/** A session is keyed by the SHA-256 of the id the browser holds, so a copy of the table hands out no live sessions. */
export const sessionKey = (sessionId: string) => ({
  PK: `${SESSION_KEY_PREFIX}${createHash('sha256').update(sessionId).digest('base64url')}`,
  SK: 'SESSION',
});

/**
 * The session listed under its author (`USER#<uid>` / `SESSION#<sha256>`), so signing out everywhere is one
 * Query: the listing's sort key is the session's partition key.
 */
export const userSessionKey = (userId: string, sessionPartitionKey: string) => ({
  PK: userPartitionKey(userId),
  SK: sessionPartitionKey,
});

/** The session item a listing names. */
export const sessionKeyOfListing = (listingSortKey: string) => ({ PK: listingSortKey, SK: 'SESSION' });
