import type { QueryClient } from '@tanstack/react-query';
import { chapterOpenedBy } from '../features/workspace/utils/chapter-order';
import { associationsQuery } from './associations';
import { prefetchChapterBlocks, prefetchChapterOpening } from './chapter-content';
import { documentSettingsQuery } from './document-settings';
import { storyProgressQuery } from './progress';
import { storyQuery } from './stories';

/**
 * How long the workspace takes what its route prefetched (the chapter's content included) as fresh: long
 * enough to cover loading the workspace's code, short enough that a later visit reads again.
 */
export const PREFETCHED_FRESH_MS = 10_000;

/**
 * The reads a story workspace starts with (the story, its settings, its word counts, its associations and,
 * once the story names it, the content of the chapter it opens and that content's opening screenful), asked for as soon as its route is matched
 * rather than once its code has loaded and rendered: on a first visit that code takes longer to load than
 * these reads take to answer. Errors stay where the workspace finds them and reports them as for its own
 * reads.
 */
export function prefetchStoryWorkspace(queryClient: QueryClient, storyId: string, address: URL): void {
  void queryClient.fetchQuery(storyQuery(storyId)).then(
    (story) => {
      const chapter = chapterOpenedBy(storyId, story.chapters ?? [], address.searchParams, localStorage);
      if (!chapter) return;
      // The small opening read first: its answer is drawn while the whole chapter is still on its way.
      prefetchChapterOpening(queryClient, storyId, chapter.id, PREFETCHED_FRESH_MS);
      prefetchChapterBlocks(queryClient, storyId, chapter.id, PREFETCHED_FRESH_MS);
    },
    () => undefined,
  );
  void queryClient.prefetchQuery(documentSettingsQuery(storyId));
  void queryClient.prefetchQuery(storyProgressQuery(storyId));
  void queryClient.prefetchQuery(associationsQuery(storyId));
}
