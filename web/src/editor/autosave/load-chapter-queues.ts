/**
 * The chapter queues for code that does not load the editor (signing out, deleting a story or the account):
 * loaded when asked for, so those pages' downloads leave autosave out. On a page that opened no chapter it
 * holds no queue, and flushing or disposing does nothing.
 */
export const loadChapterQueues = () => import('./chapter-queues');
