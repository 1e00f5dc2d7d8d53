import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { REPLACE_OUTLINE_WARNING } from '../workspace-messages';

interface ReplaceOutlineDialogProps {
  open: boolean;
  onCancel: () => void;
  onProceed: () => void;
}

/** Spec §5: the warning before a new template overwrites the story's outline. */
export function ReplaceOutlineDialog({ open, onCancel, onProceed }: ReplaceOutlineDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Replace Outline</DialogTitle>
      <DialogContent>
        <DialogContentText>{REPLACE_OUTLINE_WARNING}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          Cancel
        </Button>
        <Button color="warning" variant="contained" onClick={onProceed}>
          Proceed
        </Button>
      </DialogActions>
    </Dialog>
  );
}
