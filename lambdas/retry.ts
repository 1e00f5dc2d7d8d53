/**
 * The one way the server tries an operation again: optimistic writes that lost a race, batches DynamoDB left
 * partly unprocessed, transactions that collided. Each caller says which failures are worth another attempt,
 * how many attempts it allows and what to throw when they are spent.
 */

export const pause = (milliseconds: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

/** 100 ms before the second attempt, doubling, at most 2 s: DynamoDB's advice for throttling and conflicts. */
export const exponentialBackoff = (attempt: number) => Math.min(50 * 2 ** attempt, 2_000);

export interface RetryPolicy {
  /** The most attempts, the first included. */
  attempts: number;
  /** Whether a failure is passing, so another attempt may succeed; any other failure is thrown at once. */
  retryable(error: unknown): boolean;
  /** What to wait after failed attempt `attempt` (1 for the first); exponential backoff unless said. */
  delay?(attempt: number): number;
  /** What to throw when the last attempt failed too; the last failure itself unless said. */
  exhausted?(lastError: unknown): Error;
}

/** Runs `operation` (told which attempt it is, from 1) until it succeeds or the policy gives up. */
export async function retry<T>(operation: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  const delay = policy.delay ?? exponentialBackoff;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (!policy.retryable(error)) throw error;
      if (attempt >= policy.attempts) throw policy.exhausted ? policy.exhausted(error) : error;
      await pause(delay(attempt));
    }
  }
}
