import { ConflictError } from '../errors';

/** Thrown by a commit whose optimistic read was overtaken by another writer; the operation reads again and retries. */
export class ConcurrentChangeError extends Error {
  constructor(
    message: string,
    /** The positions, in the committed writes, of those whose condition failed (empty when not known). */
    readonly failedWrites: readonly number[] = [],
  ) {
    super(message);
    this.name = 'ConcurrentChangeError';
  }
}

const CONFLICT_ATTEMPTS = 5;

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const backoff = (attempt: number) => Math.min(50 * 2 ** attempt, 2_000);

/**
 * Runs a read-decide-write operation, again from the read when another writer got in between. Writes are
 * conditional on what was read, so a lost race never overwrites anything; it just costs another round, and the
 * fresh reads then answer as they should (404, 409, 501) or succeed.
 */
export async function retryOnConcurrentChange<T>(operation: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof ConcurrentChangeError)) throw error;
      if (attempt === CONFLICT_ATTEMPTS) {
        throw new ConflictError('This was changed elsewhere at the same time. Please try again.');
      }
      await pause(backoff(attempt));
    }
  }
}
