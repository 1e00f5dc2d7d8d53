import { lazy, type ComponentType } from 'react';

/**
 * A component downloaded in a chunk of its own the first time it renders (inside a `Suspense`), so what is
 * only needed on demand (a menu once opened, a dialog once asked for) stays out of the first download.
 * `load` is the `import()` of its module; calling it ahead (on hover) starts the download early.
 */
export function lazyComponent<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  exportName: Name,
) {
  return lazy(async () => ({ default: (await load())[exportName] }));
}
