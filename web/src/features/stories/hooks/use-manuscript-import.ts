import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ImportStoryForm, Story } from '../../../../../shared/schemas/story';
import { seriesListQuery } from '../../../api/series';
import { importManuscript } from '../../../api/manuscript-uploads';
import { getStories, storiesQuery } from '../../../api/stories';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';

/** How often the story list asks for the progress of an import under way. */
const IMPORT_POLL_INTERVAL_MS = 2_000;

const IMPORT_FAILED_ALERT = {
  title: 'Error importing manuscript',
  message: 'Please try again later or contact support.',
  severity: 'error',
} as const;

/**
 * The story list's import: the upload (a refusal of the file is kept for the dialog to show, so another
 * file can be chosen; any other failure is the usual toast) and, while any story is importing, the list
 * polled in the background so its cards count the chapters as the worker builds them. The story imported
 * from this visit of the list opens by itself once it is built, if the author is still here waiting for it.
 */
export function useManuscriptImport(stories: Story[] | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const [refusal, setRefusal] = useState<string>();
  const [awaitedStoryId, setAwaitedStoryId] = useState<string>();

  const upload = useMutation({
    mutationFn: ({ fields, manuscript }: { fields: ImportStoryForm; manuscript: File }) =>
      importManuscript(fields, manuscript),
    onMutate: () => setRefusal(undefined),
    onSuccess: async (story) => {
      queryClient.setQueryData(storiesQuery().queryKey, (list) => [...(list ?? []), story]);
      setAwaitedStoryId(story.story_id);
      if (story.series_id) await queryClient.invalidateQueries({ queryKey: seriesListQuery().queryKey });
    },
    onError: (error) => {
      console.error('Importing a manuscript failed.', error);
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setRefusal(error.message);
      else showAlert(IMPORT_FAILED_ALERT);
    },
  });

  const importing = (stories ?? []).some((story) => story.import?.status === 'importing');
  useEffect(() => {
    if (!importing) return;
    const timer = setInterval(() => {
      getStories(undefined, true)
        .then((list) => queryClient.setQueryData(storiesQuery().queryKey, list))
        .catch((error: unknown) => console.error('Loading the import progress failed.', error));
    }, IMPORT_POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [importing, queryClient]);

  // Done, a story carries no import any more; a failed import stays on its card to be read there.
  const awaited = stories?.find((story) => story.story_id === awaitedStoryId);
  useEffect(() => {
    if (!awaited || awaited.import?.status === 'importing') return;
    setAwaitedStoryId(undefined);
    if (!awaited.import) navigate(paths.story.getHref(awaited.story_id));
  }, [awaited, navigate]);

  return {
    startImport: (fields: ImportStoryForm, manuscript: File, onImported: () => void) =>
      upload.mutate({ fields, manuscript }, { onSuccess: onImported }),
    isUploading: upload.isPending,
    refusal,
    clearRefusal: () => setRefusal(undefined),
  };
}
