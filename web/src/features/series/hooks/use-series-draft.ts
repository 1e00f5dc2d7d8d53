import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Series } from '../../../../../shared/schemas/series';
import type { Story } from '../../../../../shared/schemas/story';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { imageRejectedAlert } from '../../../components/image-dropzone/image-dropzone';
import { removeStoryFromSeries, seriesKeys, seriesQuery, updateSeries } from '../../../api/series';
import { storyKeys } from '../../../api/stories';
import { alertForRefusedInput } from '../../../lib/refused-input-alert';
import { ApiError } from '../../../lib/api-client';
import { useAlertingMutation } from '../../../lib/use-alerting-mutation';
import { SERIES_SAVED_ALERT, SERIES_SAVE_FAILED_ALERT } from '../series-alerts';
import type { Volume } from '../types';
import { validateSeriesText } from '../validate-series-text';

export type SeriesField = 'title' | 'description';

function volumesOf(series: Series): Volume[] {
  return [...series.stories]
    .sort((first, second) => first.place - second.place)
    .map(({ story_id, title, image_url }) => ({ story_id, title, image_url }));
}

/**
 * The series editor's working copy. Title, description, image, order and added stories are kept here
 * until 'Update' sends them in one call; removing a story is its own call (spec §7), made at once after
 * the author confirms it.
 */
export function useSeriesDraft(loadedSeries: Series, standaloneStories: Story[]) {
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const [saved, setSaved] = useState(loadedSeries);
  const [title, setTitle] = useState(loadedSeries.series_title);
  const [description, setDescription] = useState(loadedSeries.series_description);
  const [image, setImage] = useState<File | null>(null);
  const [volumes, setVolumes] = useState(() => volumesOf(loadedSeries));
  // Stories removed from the series here are standalone now, so they can be added again.
  const [released, setReleased] = useState<Volume[]>([]);
  /** The field the last 'Update' was refused for, with the rule's message shown at it. */
  const [fieldError, setFieldError] = useState<{ field: SeriesField; message: string } | null>(null);

  const volumeIds = new Set(volumes.map((volume) => volume.story_id));
  const candidates = [
    ...new Map([...standaloneStories, ...released].map((story) => [story.story_id, story])).values(),
  ].filter((story) => !volumeIds.has(story.story_id));

  /** The series changed on the server: what the other pages list is read again when they are next shown. */
  const keepSaved = (series: Series) => {
    setSaved(series);
    queryClient.setQueryData(seriesQuery(series.series_id).queryKey, series);
    for (const queryKey of [seriesKeys.list(), storyKeys.all]) {
      void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
  };

  const dropVolume = (storyId: string) =>
    setVolumes((current) => current.filter((item) => item.story_id !== storyId));

  const removal = useAlertingMutation({
    mutationFn: (volume: Volume) => removeStoryFromSeries(saved.series_id, volume.story_id),
    onSuccess: (series, volume) => {
      keepSaved(series);
      dropVolume(volume.story_id);
      setReleased((current) => [...current, volume]);
    },
    failureLog: `Removing a story from series ${saved.series_id} failed.`,
    failureAlert: SERIES_SAVE_FAILED_ALERT,
  });

  const update = useAlertingMutation({
    mutationFn: (changes: { title: string; description: string }) =>
      updateSeries(saved.series_id, {
        series_title: changes.title,
        series_description: changes.description,
        stories: volumes.map((volume, index) => ({ story_id: volume.story_id, place: index + 1 })),
        image,
      }),
    onSuccess: (updated) => {
      keepSaved(updated);
      setTitle(updated.series_title);
      setDescription(updated.series_description);
      setVolumes(volumesOf(updated));
      setImage(null);
      showAlert(SERIES_SAVED_ALERT);
    },
    failureLog: `Editing series ${saved.series_id} failed.`,
    // The server judges an image by its bytes and may refuse one the browser accepted by its name.
    failureAlert: alertForRefusedInput(
      (error) =>
        error instanceof ApiError && (error.status === 413 || error.status === 415)
          ? imageRejectedAlert(error.message)
          : SERIES_SAVE_FAILED_ALERT,
      SERIES_SAVE_FAILED_ALERT.title,
    ),
  });

  const moveVolume = (fromIndex: number, toIndex: number) =>
    setVolumes((current) => {
      const reordered = [...current];
      const [moved] = reordered.splice(fromIndex, 1);
      if (moved) reordered.splice(toIndex, 0, moved);
      return reordered;
    });

  const addVolume = (story: Volume) => {
    const { story_id, title: storyTitle, image_url } = story;
    setVolumes((current) => [...current, { story_id, title: storyTitle, image_url }]);
  };

  const removeVolume = (volume: Volume) => {
    // Added in this session and never saved: there is nothing to remove on the server.
    if (!saved.stories.some((story) => story.story_id === volume.story_id)) dropVolume(volume.story_id);
    else removal.mutate(volume);
  };

  /** Sends the working copy; returns the field to focus when it is not valid. */
  const save = async (): Promise<SeriesField | undefined> => {
    const validation = validateSeriesText(title, description);
    if (!validation.valid) {
      setFieldError({ field: validation.field, message: validation.message });
      showAlert(validation.alert);
      return validation.field;
    }
    setFieldError(null);
    // A failure has been told to the author by the mutation; the working copy stays for another try.
    await update.mutateAsync(validation).catch(() => undefined);
    return undefined;
  };

  return {
    saved,
    title,
    setTitle: (value: string) => {
      setTitle(value);
      if (fieldError?.field === 'title') setFieldError(null);
    },
    description,
    setDescription: (value: string) => {
      setDescription(value);
      if (fieldError?.field === 'description') setFieldError(null);
    },
    image,
    setImage,
    volumes,
    candidates,
    fieldError,
    isSaving: update.isPending,
    moveVolume,
    addVolume,
    removeVolume,
    save,
  };
}
