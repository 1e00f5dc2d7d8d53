import { lazy, type ComponentType } from 'react';
import { trackPending } from '../lib/pending-requests';

/**
 * A route page loaded in its own chunk on first visit, so the first download stays small. While the chunk
 * downloads the loading overlay shows, as it does for a request.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  exportName: Name,
) {
  return lazy(async () => {
    const module = await trackPending(load());
    return { default: module[exportName] };
  });
}
