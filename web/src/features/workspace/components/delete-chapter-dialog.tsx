import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { ONLY_CHAPTER_MESSAGE } from '../../../../../shared/validation';
import { RESTORABLE_FOR_30_DAYS } from '../../../lib/restore-from-trash';
import { deleteChapterQuestion } from '../workspace-messages';

export interface DeleteChapterRequest {
  chapter: Chapter;
  /** Spec §5: the story's only chapter cannot be deleted; the dialog then explains instead of asking. */
  isOnlyChapter: boolean;
}

interface DeleteChapterDialogProps {
  /** The dialog is open while there is a request. */
  request: DeleteChapterRequest | null;
  storyTitle: string;
  onCancel: () => void;
  onConfirm: (chapter: Chapter) => void;
}

/**
 * Spec §5: 'Delete {chapter} from {story}?' and where it can be restored from, or the refusal for a story's
 * only chapter.
 */
export function DeleteChapterDialog({ request, storyTitle, onCancel, onConfirm }: DeleteChapterDialogProps) {
  const titleId = useId();
  // The dialog fades out after the request is cleared; it keeps showing the last request meanwhile.
  const [shown, setShown] = useState(request);
  if (request !== null && request !== shown) setShown(request);

  return (
    <Dialog open={request !== null} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      {shown &&
        (shown.isOnlyChapter ? (
          <>
            <DialogTitle id={titleId}>Cannot delete chapter</DialogTitle>
            <DialogContent>
              <DialogContentText>{ONLY_CHAPTER_MESSAGE}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={onCancel} autoFocus>
                OK
              </Button>
            </DialogActions>
          </>
        ) : (
          <>
            <DialogTitle id={titleId}>Delete chapter</DialogTitle>
            <DialogContent>
              <DialogContentText>{deleteChapterQuestion(shown.chapter.title, storyTitle)}</DialogContentText>
              <DialogContentText sx={{ mt: 1.5 }}>{RESTORABLE_FOR_30_DAYS}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={onCancel} autoFocus>
                Cancel
              </Button>
              <Button color="error" variant="contained" onClick={() => onConfirm(shown.chapter)}>
                Delete
              </Button>
            </DialogActions>
          </>
        ))}
    </Dialog>
  );
}
