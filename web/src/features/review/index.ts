import { lazyComponent } from '../../lib/lazy-component';

export { AddCommentButton, CommentsButton } from './components/review-buttons';
export { useChapterReview } from './hooks/use-chapter-review';
export { ReaderProgress, useReadersByChapter } from './components/reader-progress';

/** Loaded when first rendered (inside a `Suspense`): the workspace's first screen shows neither. */
export const CommentsPanel = lazyComponent(() => import('./components/comments-panel'), 'CommentsPanel');
export const ShareDialog = lazyComponent(() => import('./components/share-dialog'), 'ShareDialog');
