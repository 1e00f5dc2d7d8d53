import { useCallback } from 'react';
import type { Story } from '../../../../../shared/schemas/story';
import { StoryTitleSchema } from '../../../../../shared/schemas/story';
import { INVALID_TITLE_ALERT_TITLE } from '../../../../../shared/validation';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { api } from '../../../lib/api-client';
import { workspaceAlerts } from '../workspace-messages';
import { workspaceApiPaths } from './workspace-api-paths';

/**
 * PUT /api/stories/{id}/details (multipart) with the story's own description and the new title. No series
 * field is sent, which the server reads as "leave the series as it is"; no file, which keeps the image.
 */
export function updateStoryTitle(
  story: Pick<Story, 'story_id' | 'description'>,
  title: string,
): Promise<Story> {
  const form = new FormData();
  form.append('title', title);
  form.append('description', story.description);
  return api.put<Story>(workspaceApiPaths.storyDetails(story.story_id), form);
}

/**
 * Renames the story from the header. A title the spec's rules refuse gets the 'Invalid Title' alert without a
 * call; a failed call the spec's story-title alert. Resolves whether the new title was saved.
 */
export function useUpdateStoryTitle() {
  const { showAlert } = useAlerts();
  return useCallback(
    async (story: Pick<Story, 'story_id' | 'description'>, title: string): Promise<boolean> => {
      const checked = StoryTitleSchema.safeParse(title);
      if (!checked.success) {
        showAlert({
          title: INVALID_TITLE_ALERT_TITLE,
          message: checked.error.issues[0]?.message ?? '',
          severity: 'warning',
        });
        return false;
      }
      try {
        await updateStoryTitle(story, checked.data);
        return true;
      } catch (error) {
        console.error('Renaming the story failed.', error);
        showAlert(workspaceAlerts.storyTitleFailed);
        return false;
      }
    },
    [showAlert],
  );
}
