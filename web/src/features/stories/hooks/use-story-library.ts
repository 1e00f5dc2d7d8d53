import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Series } from '../../../../../shared/schemas/series';
import type { Story } from '../../../../../shared/schemas/story';
import { deleteSeries, seriesListQuery } from '../../../api/series';
import { deleteStory, storiesQuery } from '../../../api/stories';
import { loadChapterQueues } from '../../../editor/autosave/load-chapter-queues';
import { useDeletedToast } from '../../../lib/restore-from-trash';
import { useLoadQuery } from '../../../lib/use-load-query';
import { standaloneStories } from '../library-page';

export type StoryLibrary =
  | { status: 'loading' }
  | {
      status: 'loaded';
      series: Series[];
      /** Stories in no series, in the order the server lists them. */
      standaloneStories: Story[];
      /** Both lists arrived; only then can an empty library be told to the author as empty. */
      isComplete: boolean;
    };

function asStandalone(story: Story): Story {
  return {
    ...story,
    series_id: undefined,
    series_title: undefined,
    series_place: undefined,
    place: undefined,
  };
}

/**
 * The author's series and standalone stories for /stories, and the two deletions the page offers. A
 * deleted card goes at once, and a deleted story's toast offers Undo; spec §8: a failed deletion is only
 * logged and the card stays hidden.
 */
export function useStoryLibrary() {
  const queryClient = useQueryClient();
  const showDeletedToast = useDeletedToast();
  const stories = useLoadQuery(storiesQuery(), { what: 'the stories' });
  const seriesList = useLoadQuery(seriesListQuery(), { what: 'the series' });

  const hideStory = (storyId: string) =>
    queryClient.setQueryData(storiesQuery().queryKey, (list) =>
      list?.filter((item) => item.story_id !== storyId),
    );
  const hideSeries = (seriesId: string) =>
    queryClient.setQueryData(seriesListQuery().queryKey, (list) =>
      list?.filter((item) => item.series_id !== seriesId),
    );

  const storyDeletion = useMutation({
    mutationFn: (story: Story) => deleteStory(story.story_id),
    onMutate: (story) => hideStory(story.story_id),
    onError: (error, story) => console.error(`Deleting story ${story.story_id} failed.`, error),
    onSuccess: (_result, story) => {
      showDeletedToast({ storyId: story.story_id }, story.title);
      // Its chapters' queues stop; autosave that cannot load held none.
      return loadChapterQueues().then(
        ({ disposeStoryQueues }) => disposeStoryQueues(story.story_id),
        () => undefined,
      );
    },
  });

  const seriesDeletion = useMutation({
    mutationFn: (series: Series) => deleteSeries(series.series_id),
    onMutate: (series) => hideSeries(series.series_id),
    // Its stories stay out of sight with the card rather than showing as standalone when they are not.
    onError: (error, series) => console.error(`Deleting series ${series.series_id} failed.`, error),
    // Spec §4: the stories of a deleted series are standalone stories from now on.
    onSuccess: (_result, series) =>
      queryClient.setQueryData(storiesQuery().queryKey, (list) =>
        list?.map((story) => (story.series_id === series.series_id ? asStandalone(story) : story)),
      ),
  });

  const library: StoryLibrary =
    stories.isPending || seriesList.isPending
      ? { status: 'loading' }
      : {
          status: 'loaded',
          series: seriesList.data ?? [],
          standaloneStories: standaloneStories(stories.data ?? []),
          isComplete: stories.isSuccess && seriesList.isSuccess,
        };

  return {
    library,
    /** Every story as loaded, volumes included. */
    stories: stories.data,
    removeStory: storyDeletion.mutate,
    removeSeries: seriesDeletion.mutate,
  };
}
