/**
 * Counts the work the user is waiting for (foreground requests and route chunks still downloading).
 * The loading overlay subscribes to this; it lives outside React so the fetch wrapper can report to it
 * without a hook.
 */

type Listener = () => void;

let pendingCount = 0;
const listeners = new Set<Listener>();

function setPendingCount(next: number): void {
  pendingCount = next;
  listeners.forEach((listener) => listener());
}

export function getPendingCount(): number {
  return pendingCount;
}

/** Subscribe to changes; returns the unsubscribe function (the `useSyncExternalStore` contract). */
export function subscribeToPendingCount(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Counts `work` as pending until it settles, and passes its outcome through unchanged. */
export async function trackPending<T>(work: Promise<T>): Promise<T> {
  setPendingCount(pendingCount + 1);
  try {
    return await work;
  } finally {
    setPendingCount(pendingCount - 1);
  }
}
