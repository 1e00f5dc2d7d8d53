import { useQueryClient } from '@tanstack/react-query';
import type { CreateStoryForm, UpdateStoryDetailsForm } from '../../../../../shared/schemas/story';
import { seriesKeys } from '../../../api/series';
import { createStory, storyKeys, updateStoryDetails } from '../../../api/stories';
import { alertForRefusedInput } from '../../../lib/refused-input-alert';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { storySaveFailedAlert } from '../story-alerts';
import type { StoryDetails } from '../types';

/** The story form's series choice as the create call's fields. */
function creationFields(details: StoryDetails): CreateStoryForm {
  return {
    title: details.title,
    description: details.description,
    series_id: details.series.kind === 'existing' ? details.series.seriesId : undefined,
    series_title: details.series.kind === 'new' ? details.series.title : undefined,
  };
}

/**
 * The story form's series choice as the details call's fields. Both series fields always go out: empty ones
 * make the story standalone, an unchanged series_id keeps its place, a new series_name creates that series.
 * A removed cover goes as `remove_image`, only when no new file replaces it.
 */
function detailsFields(details: StoryDetails): UpdateStoryDetailsForm {
  return {
    title: details.title,
    description: details.description,
    series_id: details.series.kind === 'existing' ? details.series.seriesId : '',
    series_name: details.series.kind === 'new' ? details.series.title : '',
    ...(details.removeImage && !details.image ? { remove_image: 'true' } : {}),
  };
}

/**
 * A saved story changes the lists it is in and, in a series, that series: they are read again where they are
 * next shown, not on the page being left.
 */
function useForgetStoryLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [storyKeys.all, seriesKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey, refetchType: 'none' }),
      ),
    );
}

/** Creates a story from the form; a failure shows the spec's create alert. */
export function useCreateStory() {
  const forgetStoryLists = useForgetStoryLists();
  return useAlertingMutation({
    mutationFn: (details: StoryDetails) => createStory(creationFields(details), details.image),
    onSuccess: forgetStoryLists,
    failureLog: 'Creating a story failed.',
    failureAlert: alertForRefusedInput((error) => storySaveFailedAlert(error, 'create'), 'Cannot save story'),
  });
}

/** Saves the form's changes to a story; a failure shows the spec's edit alert. */
export function useUpdateStoryDetails(storyId: string) {
  const forgetStoryLists = useForgetStoryLists();
  return useAlertingMutation({
    mutationFn: (details: StoryDetails) => updateStoryDetails(storyId, detailsFields(details), details.image),
    onSuccess: forgetStoryLists,
    failureLog: `Editing story ${storyId} failed.`,
    failureAlert: alertForRefusedInput((error) => storySaveFailedAlert(error, 'update'), 'Cannot save story'),
  });
}
