import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** How many times a load is tried again after the server failed it or could not be reached. */
const SERVER_FAULT_RETRIES = 2;

/** A failure that may pass: the server could not be reached, or failed on its side (5xx). */
function isServerFault(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export interface QueryClientOptions {
  /** Tests turn retries off so a failure shows at once rather than after the back-off. */
  retryServerFaults?: boolean;
}

/**
 * The app's one cache of server data. A refused request (4xx) or an answer that does not parse is final;
 * only server faults are tried again, and only for loads: a write is never sent twice behind the author's back.
 * Data is not reloaded when the window regains focus, as the workspace edits what it loaded.
 */
export function createQueryClient({ retryServerFaults = true }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          retryServerFaults && isServerFault(error) && failureCount < SERVER_FAULT_RETRIES,
        refetchOnWindowFocus: false,
        // Offline the reads still run: those kept on this device answer from there (issue 26 §1).
        networkMode: 'always',
      },
      mutations: { retry: false },
    },
  });
}
