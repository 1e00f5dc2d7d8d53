/** Server-side sessions, found by the random id the browser holds. */
export interface Session {
  userId: string;
  expiresAt: Date;
}

export interface SessionRepository {
  /** Stores a new session; the id is never stored as it is, so a copy of the data hands out no live sessions. */
  create(sessionId: string, session: Session, now: Date): Promise<void>;
  /** The live session of the id; an expired one is none, even before storage removes it. */
  find(sessionId: string, now: Date): Promise<Session | undefined>;
  revoke(sessionId: string): Promise<void>;
}
