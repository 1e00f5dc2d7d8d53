import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { Chapter } from '../../../shared/schemas/chapter';
import { retryChapterCreation } from '../api/chapters';
import { useAlerts } from '../components/alerts/alerts-context';
import { CHAPTER_RETRY_FAILED_ALERT } from './editor-alerts';

export interface ChapterCreationFailedProps {
  storyId: string;
  chapterId: string;
  /** The server queued the chapter's creation again (or it had been created meanwhile). */
  onRetried: (chapter: Chapter) => void;
  /** Asks to delete the chapter (the workspace confirms it); left out, only 'Try again' is offered. */
  onDelete?: () => void;
}

/**
 * What a chapter whose creation failed shows above its text (issue 16, workers): what happened, that what the
 * author typed is kept, and the two ways out: 'Try again' (queues the creation anew) or 'Delete chapter'.
 */
export function ChapterCreationFailed({
  storyId,
  chapterId,
  onRetried,
  onDelete,
}: ChapterCreationFailedProps) {
  const { showAlert } = useAlerts();
  const [asking, setAsking] = useState(false);
  // A plain call rather than a query mutation: the editor does not depend on the app's query client.
  const askAgain = () => {
    setAsking(true);
    retryChapterCreation(storyId, chapterId).then(
      (chapter) => {
        setAsking(false);
        onRetried(chapter);
      },
      (error: unknown) => {
        console.error('Asking for the chapter again failed.', error);
        setAsking(false);
        showAlert(CHAPTER_RETRY_FAILED_ALERT);
      },
    );
  };

  return (
    <Alert severity="error" sx={{ m: { xs: 1, sm: 2 }, mt: { xs: 1, sm: 1.5 } }}>
      <AlertTitle>Chapter not created</AlertTitle>
      This chapter could not be created. Try again, or delete it; anything you type meanwhile is kept.
      <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
        <Button color="error" size="small" variant="contained" disabled={asking} onClick={askAgain}>
          Try again
        </Button>
        {onDelete && (
          <Button color="error" size="small" variant="outlined" onClick={onDelete}>
            Delete chapter
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
