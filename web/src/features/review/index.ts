export { CommentsPanel } from './components/comments-panel';
export { AddCommentButton, CommentsButton } from './components/review-buttons';
export { ShareDialog } from './components/share-dialog';
export { useChapterReview } from './hooks/use-chapter-review';
export { ReaderProgress, useReadersByChapter } from './components/reader-progress';
