import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isAccountEmail } from '../../../../../shared/schemas/user';
import { deleteAccount } from '../../../api/user';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/user/user-context';
import { DownloadAllStoriesButton } from './download-all-stories-button';
import { accountDeletionFailedMessage } from '../settings-messages';

const WHAT_IS_DELETED = [
  'every story and series, with their chapters, versions, story elements and images',
  'your exports and downloads, Recently deleted and your writing progress',
  'your sign-in on every device',
];

/**
 * 'Delete my account' (issue 16): says what goes, suggests the download first, and deletes only once the
 * account's email is typed (trimmed, any letter case: the server compares the same way). A failure leaves
 * everything as it was and says why in the dialog; success leaves the app for the sign-in page.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user, leaveDeletedAccount } = useUser();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [typedEmail, setTypedEmail] = useState('');
  const deletion = useMutation({
    mutationFn: deleteAccount,
    onError: (error) => console.error('Deleting the account failed.', error),
    onSuccess: leaveDeletedAccount,
  });
  const confirmed = isAccountEmail(typedEmail, user?.email);
  const subscribed = !!user && user.subscription_id !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed && !deletion.isPending) deletion.mutate(typedEmail);
  };
  const close = () => {
    if (deletion.isPending) return;
    setTypedEmail('');
    deletion.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      aria-labelledby="delete-account-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <div>
            <Typography>This deletes, for good:</Typography>
            <Typography component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
              {WHAT_IS_DELETED.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </Typography>
          </div>
          {subscribed && (
            <Typography>
              Your subscription is cancelled: it will not renew, and you will not be charged again.
            </Typography>
          )}
          <Typography>
            It cannot be undone. Keep a copy of your words first: your stories as Markdown and JSON, in one
            zip.
          </Typography>
          <div>
            <DownloadAllStoriesButton />
          </div>
          <TextField
            label="Type your email to confirm"
            value={typedEmail}
            onChange={(event) => setTypedEmail(event.target.value)}
            helperText={user?.email ? `Your account's email is ${user.email}.` : undefined}
            autoComplete="off"
            spellCheck={false}
            slotProps={{ htmlInput: { inputMode: 'email', autoCapitalize: 'none' } }}
            fullWidth
          />
          {deletion.isError && (
            <Alert severity="error">
              {accountDeletionFailedMessage(
                deletion.error instanceof ApiError ? deletion.error.message : undefined,
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={deletion.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={!confirmed || deletion.isPending}
          startIcon={
            deletion.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined
          }
        >
          Delete account
        </Button>
      </DialogActions>
    </Dialog>
  );
}
