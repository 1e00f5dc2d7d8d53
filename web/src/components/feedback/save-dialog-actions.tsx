import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';

interface SaveDialogActionsProps {
  /** An action of its own at the start of the row (Delete, Clear), away from Cancel and Save. */
  start?: ReactNode;
  saving: boolean;
  onCancel: () => void;
}

/** A form dialog's buttons: its own action first, then Cancel and Save (the form's submit). */
export function SaveDialogActions({ start, saving, onCancel }: SaveDialogActionsProps) {
  return (
    <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
      {start}
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="contained" disabled={saving}>
        Save
      </Button>
    </DialogActions>
  );
}
