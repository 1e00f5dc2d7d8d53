import { createHash } from 'node:crypto';

/** A session is keyed by the SHA-256 of the id the browser holds, so a copy of the table hands out no live sessions. */
export const sessionKey = (sessionId: string) => ({
  PK: `SESSION#${createHash('sha256').update(sessionId).digest('base64url')}`,
  SK: 'SESSION',
});
