/** Server-side sessions, found by the random id the browser holds. */
export interface Session {
  userId: string;
  expiresAt: Date;
  /**
   * Whether the session is also listed under its author, so signing out everywhere finds it. Sessions opened
   * before the list existed are not, and are honoured only while their author's account is live.
   */
  listedUnderUser: boolean;
}

export interface SessionRepository {
  /**
   * Stores a new session and lists it under its author; the id is never stored as it is, so a copy of the data
   * hands out no live sessions.
   */
  create(sessionId: string, session: Omit<Session, 'listedUnderUser'>, now: Date): Promise<void>;
  /** The live session of the id; an expired one is none, even before storage removes it. */
  find(sessionId: string, now: Date): Promise<Session | undefined>;
  revoke(sessionId: string): Promise<void>;
  /** Revokes every session listed under the author: signed out everywhere. */
  revokeAllOf(userId: string): Promise<void>;
}
