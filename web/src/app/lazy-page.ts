import type { ComponentType } from 'react';
import { lazyComponent } from '../lib/lazy-component';
import { trackPending } from '../lib/pending-requests';

/**
 * A route page loaded in its own chunk on first visit, so the first download stays small. While the chunk
 * downloads the loading overlay shows, as it does for a request. `preload` starts the download ahead of the
 * page's first render: its route's loader calls it as the address matches, so the page's code arrives beside
 * the author's lookup that the route guard waits for, not after it.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  exportName: Name,
) {
  let loading: Promise<Record<Name, ComponentType>> | undefined;
  const preload = () => {
    loading ??= trackPending(load()).catch((error: unknown) => {
      // A download that failed is tried again at the next visit rather than failing forever.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazyComponent(preload, exportName), { preload });
}

export type LazyPage = ReturnType<typeof lazyPage>;

/** The loader of a lazy page's route: starts its download, answers nothing. */
export function preloading(page: { preload: () => Promise<unknown> }) {
  return () => {
    page.preload().catch(() => undefined);
    return null;
  };
}
