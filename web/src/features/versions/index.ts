import { lazyComponent } from '../../lib/lazy-component';

export type { ChapterTextChanges } from './components/versions-panel';
export { VersionsButton } from './components/versions-button';

/** Loaded when first rendered (inside a `Suspense`): the workspace's first screen does not show it. */
export const VersionsPanel = lazyComponent(() => import('./components/versions-panel'), 'VersionsPanel');
