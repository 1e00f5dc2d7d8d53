import { useCallback } from 'react';
import type { Series } from '../../../../../shared/schemas/series';
import type { Story } from '../../../../../shared/schemas/story';
import { deleteSeries } from '../api/delete-series';
import { deleteStory } from '../api/delete-story';
import { useSeriesList } from '../api/get-series-list';
import { useStories } from '../api/get-stories';

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
 * deleted card goes at once; spec §8: a failed deletion is only logged and the card stays hidden.
 */
export function useStoryLibrary() {
  const stories = useStories();
  const seriesList = useSeriesList();
  const { updateData: updateStories } = stories;
  const { updateData: updateSeriesList } = seriesList;

  const removeStory = useCallback(
    async (story: Story) => {
      updateStories((list) => list.filter((item) => item.story_id !== story.story_id));
      try {
        await deleteStory(story.story_id);
      } catch (error) {
        console.error(`Deleting story ${story.story_id} failed.`, error);
      }
    },
    [updateStories],
  );

  const removeSeries = useCallback(
    async (series: Series) => {
      updateSeriesList((list) => list.filter((item) => item.series_id !== series.series_id));
      try {
        await deleteSeries(series.series_id);
      } catch (error) {
        // Its stories stay out of sight with the card rather than showing as standalone when they are not.
        console.error(`Deleting series ${series.series_id} failed.`, error);
        return;
      }
      // Spec §4: the stories of a deleted series are standalone stories from now on.
      updateStories((list) =>
        list.map((story) => (story.series_id === series.series_id ? asStandalone(story) : story)),
      );
    },
    [updateSeriesList, updateStories],
  );

  const library: StoryLibrary =
    stories.status === 'loading' || seriesList.status === 'loading'
      ? { status: 'loading' }
      : {
          status: 'loaded',
          series: seriesList.data ?? [],
          standaloneStories: (stories.data ?? []).filter((story) => !story.series_id),
          isComplete: stories.status === 'success' && seriesList.status === 'success',
        };

  return { library, removeStory, removeSeries };
}
