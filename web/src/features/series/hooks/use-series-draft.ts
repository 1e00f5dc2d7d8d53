import { useState } from 'react';
import type { Series } from '../../../../../shared/schemas/series';
import type { Story } from '../../../../../shared/schemas/story';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { imageRejectedAlert } from '../../../components/image-dropzone/image-dropzone';
import { ApiError } from '../../../lib/api-client';
import { removeStoryFromSeries } from '../api/remove-story-from-series';
import { updateSeries } from '../api/update-series';
import { SERIES_SAVED_ALERT, SERIES_SAVE_FAILED_ALERT } from '../series-alerts';
import type { Volume } from '../types';
import { validateSeriesText } from '../validate-series-text';

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
  const { showAlert } = useAlerts();
  const [saved, setSaved] = useState(loadedSeries);
  const [title, setTitle] = useState(loadedSeries.series_title);
  const [description, setDescription] = useState(loadedSeries.series_description);
  const [image, setImage] = useState<File | null>(null);
  const [volumes, setVolumes] = useState(() => volumesOf(loadedSeries));
  // Stories removed from the series here are standalone now, so they can be added again.
  const [released, setReleased] = useState<Volume[]>([]);
  const [invalidField, setInvalidField] = useState<'title' | 'description' | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const volumeIds = new Set(volumes.map((volume) => volume.story_id));
  const candidates = [
    ...new Map([...standaloneStories, ...released].map((story) => [story.story_id, story])).values(),
  ].filter((story) => !volumeIds.has(story.story_id));

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

  const removeVolume = async (volume: Volume) => {
    const dropLocally = () =>
      setVolumes((current) => current.filter((item) => item.story_id !== volume.story_id));
    // Added in this session and never saved: there is nothing to remove on the server.
    if (!saved.stories.some((story) => story.story_id === volume.story_id)) {
      dropLocally();
      return;
    }
    try {
      setSaved(await removeStoryFromSeries(saved.series_id, volume.story_id));
    } catch (error) {
      console.error(`Removing story ${volume.story_id} from series ${saved.series_id} failed.`, error);
      showAlert(SERIES_SAVE_FAILED_ALERT);
      return;
    }
    dropLocally();
    setReleased((current) => [...current, volume]);
  };

  /** Sends the working copy; returns the field to focus when it is not valid. */
  const save = async (): Promise<'title' | 'description' | undefined> => {
    const validation = validateSeriesText(title, description);
    if (!validation.valid) {
      setInvalidField(validation.field);
      showAlert(validation.alert);
      return validation.field;
    }
    setInvalidField(null);
    setIsSaving(true);
    try {
      const updated = await updateSeries(saved.series_id, {
        title: validation.title,
        description: validation.description,
        storyIds: volumes.map((volume) => volume.story_id),
        image,
      });
      setSaved(updated);
      setTitle(updated.series_title);
      setDescription(updated.series_description);
      setVolumes(volumesOf(updated));
      setImage(null);
      showAlert(SERIES_SAVED_ALERT);
    } catch (error) {
      console.error(`Editing series ${saved.series_id} failed.`, error);
      // The server judges an image by its bytes and may refuse one the browser accepted by its name.
      const imageRefused = error instanceof ApiError && (error.status === 413 || error.status === 415);
      showAlert(imageRefused ? imageRejectedAlert(error.message) : SERIES_SAVE_FAILED_ALERT);
    } finally {
      setIsSaving(false);
    }
    return undefined;
  };

  return {
    saved,
    title,
    setTitle,
    description,
    setDescription,
    image,
    setImage,
    volumes,
    candidates,
    invalidField,
    isSaving,
    moveVolume,
    addVolume,
    removeVolume,
    save,
  };
}
