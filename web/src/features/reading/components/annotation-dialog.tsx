import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Quote } from './quote';

export type AnnotationKind = 'comment' | 'suggestion';

/** Writes a comment on the selected words, or (an editor) the text to put in their place. */
export function AnnotationDialog({
  kind,
  quote,
  saving,
  error,
  onSave,
  onClose,
}: {
  kind: AnnotationKind;
  quote: string;
  saving: boolean;
  error: string | null;
  onSave: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(kind === 'suggestion' ? quote : '');
  const isComment = kind === 'comment';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSave(text);
        }}
      >
        <DialogTitle>{isComment ? 'Comment' : 'Suggest a change'}</DialogTitle>
        <DialogContent>
          <Quote text={quote} />
          {error !== null && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={3}
            margin="normal"
            label={isComment ? 'Your comment' : 'Replace with'}
            helperText={isComment ? undefined : 'Leave it empty to suggest deleting these words.'}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            loading={saving}
            disabled={isComment && text.trim() === ''}
          >
            {isComment ? 'Comment' : 'Suggest'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
