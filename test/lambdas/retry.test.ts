import { describe, expect, it } from 'vitest';
import { exponentialBackoff, retry } from '../../lambdas/retry';

class PassingError extends Error {}

const noWait = { delay: () => 0 };

describe('retry', () => {
  it('answers the first attempt that succeeds, telling each attempt its number', async () => {
    const attempts: number[] = [];
    const answer = await retry(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 3) throw new PassingError();
        return 'done';
      },
      { attempts: 5, retryable: (error) => error instanceof PassingError, ...noWait },
    );
    expect(answer).toBe('done');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('throws a failure that is not retryable at once', async () => {
    let calls = 0;
    const failure = new Error('refused');
    await expect(
      retry(
        async () => {
          calls += 1;
          throw failure;
        },
        { attempts: 5, retryable: (error) => error instanceof PassingError, ...noWait },
      ),
    ).rejects.toBe(failure);
    expect(calls).toBe(1);
  });

  it('stops after the allowed attempts with what the policy throws, or the last failure', async () => {
    let calls = 0;
    const operation = async () => {
      calls += 1;
      throw new PassingError(`attempt ${calls}`);
    };
    const policy = { attempts: 3, retryable: (error: unknown) => error instanceof PassingError, ...noWait };
    await expect(retry(operation, policy)).rejects.toThrow('attempt 3');
    expect(calls).toBe(3);
    await expect(retry(operation, { ...policy, exhausted: () => new Error('gave up') })).rejects.toThrow(
      'gave up',
    );
    expect(calls).toBe(6);
  });

  it('waits what the policy says between attempts, never after the last', async () => {
    const waits: number[] = [];
    await expect(
      retry(
        async () => {
          throw new PassingError();
        },
        {
          attempts: 3,
          retryable: () => true,
          delay: (attempt) => {
            waits.push(attempt);
            return 0;
          },
        },
      ),
    ).rejects.toBeInstanceOf(PassingError);
    expect(waits).toEqual([1, 2]);
  });

  it('backs off exponentially up to two seconds', () => {
    expect([1, 2, 3, 5, 10].map(exponentialBackoff)).toEqual([100, 200, 400, 1_600, 2_000]);
  });
});
