import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DeleteAccountDialog } from './delete-account-dialog';

/** The danger zone at the bottom of /settings: 'Delete my account', behind a dialog that asks for the email. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="delete-account-heading"
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'error.main' }}
    >
      <Typography variant="h6" component="h2" id="delete-account-heading" sx={{ mb: 1 }}>
        Delete my account
      </Typography>
      <Typography sx={{ mb: 1.5 }}>
        Deletes your account with every story, series and file in it, and signs you out everywhere. Signing in
        again later starts a new, empty account.
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}
