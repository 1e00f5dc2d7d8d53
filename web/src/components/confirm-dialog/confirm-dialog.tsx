import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  /** A short name for the action, e.g. 'Delete story'. */
  title: string;
  /** The question, quoted whole from the spec (§5 confirmations), e.g. 'Delete story The Long Road?'. */
  message: string;
  /** A second paragraph under the question, e.g. where a deleted story can be restored from. */
  detail?: string;
  confirmLabel: string;
  /** Destructive actions are coloured as such. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes-or-no question before something that cannot be undone. Cancel is focused, so Enter is safe. */
export function ConfirmDialog({
  open,
  title,
  message,
  detail,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} sx={{ overflowWrap: 'anywhere' }}>
          {message}
        </DialogContentText>
        {detail && <DialogContentText sx={{ mt: 1.5 }}>{detail}</DialogContentText>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} autoFocus color="inherit">
          Cancel
        </Button>
        <Button onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
