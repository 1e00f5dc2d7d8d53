import type { ComponentType } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { trackPending } from '../lib/pending-requests';

/**
 * A route page loaded in its own chunk on first visit, so the first download stays small. While the chunk
 * downloads the loading overlay shows, as it does for a request.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  exportName: Name,
) {
  return lazyComponent(() => trackPending(load()), exportName);
}
