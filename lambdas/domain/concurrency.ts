import { ConflictError } from '../errors';
import { retry } from '../retry';

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

/**
 * Runs a read-decide-write operation, again from the read when another writer got in between. Writes are
 * conditional on what was read, so a lost race never overwrites anything; it just costs another round, and the
 * fresh reads then answer as they should (404, 409, 501) or succeed.
 */
export function retryOnConcurrentChange<T>(operation: () => Promise<T>): Promise<T> {
  return retry(operation, {
    attempts: CONFLICT_ATTEMPTS,
    retryable: (error) => error instanceof ConcurrentChangeError,
    exhausted: () => new ConflictError('This was changed elsewhere at the same time. Please try again.'),
  });
}
