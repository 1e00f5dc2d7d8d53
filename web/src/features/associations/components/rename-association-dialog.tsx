import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Association } from '../../../../../shared/schemas/associations';
import {
  ASSOCIATION_NAME_MAX_LENGTH,
  ASSOCIATION_NAME_REQUIRED_MESSAGE,
  aliasesProblem,
} from '../../../../../shared/validation';
import { appearancesQuery, renameAssociation, storyBibleKeys } from '../../../api/story-bible';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { lengthCount } from '../../../components/text-length/length-limit';
import { associationSaveFailedAlert } from '../association-alerts';
import { useStoryAssociations } from '../story-associations-context';
import { mentionsSummary } from './appearances-section';

/** Said when autosave still holds changes, which the reloaded chapter would otherwise lay over the new text. */
export const UNSAVED_CHANGES_MESSAGE = 'Your latest changes are not saved yet. Try again once they are.';

/**
 * The question beside the checkbox. The count is of every mention, aliases included, so it is given only for
 * an association without aliases, where it is exactly what the rename replaces.
 */
export function replaceQuestion(association: Association, total: number, chapters: number): string {
  return association.aliases.trim() === ''
    ? `Also rename the ${mentionsSummary(total, chapters)}?`
    : `Also rename the mentions of ${association.association_name} in the text? Its aliases stay as they are.`;
}

interface RenameAssociationDialogProps {
  association: Association;
  onClose: () => void;
}

/**
 * Rename everywhere (issue 13 §2): a new name, checked as an update checks it, and when the text mentions
 * the association, the offer to rename those mentions too. Before the text changes the open chapter's
 * autosave is sent, and after it the chapter is reloaded, so the editor never writes the old text back.
 */
export function RenameAssociationDialog({ association, onClose }: RenameAssociationDialogProps) {
  const { storyId, panel, textEditing } = useStoryAssociations();
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const titleId = useId();
  const [name, setName] = useState(association.association_name);
  const [replaceInText, setReplaceInText] = useState(true);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [sending, setSending] = useState(false);
  // The panel's 'Appears in' has usually read it already.
  const { data: appearances } = useQuery(appearancesQuery(storyId, association.association_id));

  const newName = name.trim();
  const offerReplace =
    appearances !== undefined && appearances.total > 0 && newName !== association.association_name;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found =
      newName === ''
        ? ASSOCIATION_NAME_REQUIRED_MESSAGE
        : aliasesProblem({ ...association, association_name: newName });
    if (found) {
      setProblem(found);
      return;
    }
    if (newName === association.association_name) {
      onClose();
      return;
    }
    const replacing = offerReplace && replaceInText;
    setSending(true);
    try {
      if (replacing && textEditing && !(await textEditing.beforeTextChange())) {
        setProblem(UNSAVED_CHANGES_MESSAGE);
        return;
      }
      const result = await renameAssociation(storyId, association.association_id, {
        association_name: newName,
        replace_in_text: replacing,
      });
      panel.applyRename(result.association);
      if (result.replaced > 0) textEditing?.afterTextChange();
      void queryClient.invalidateQueries({ queryKey: storyBibleKeys.all(storyId) });
      onClose();
    } catch (error) {
      console.error('Renaming the association failed.', error);
      showAlert(associationSaveFailedAlert(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: 'form', onSubmit: (event: FormEvent) => void submit(event) } }}
    >
      <DialogTitle id={titleId}>Rename association</DialogTitle>
      <DialogContent>
        <TextField
          label="Name"
          fullWidth
          autoFocus
          margin="dense"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
          error={problem !== undefined}
          helperText={problem ?? lengthCount(name, ASSOCIATION_NAME_MAX_LENGTH)}
          slotProps={{
            htmlInput: { maxLength: ASSOCIATION_NAME_MAX_LENGTH },
            formHelperText: problem === undefined ? {} : { role: 'alert' },
          }}
        />
        {offerReplace && (
          <FormControlLabel
            sx={{ mt: 1, alignItems: 'flex-start' }}
            label={replaceQuestion(association, appearances.total, appearances.chapters.length)}
            control={
              <Checkbox
                checked={replaceInText}
                onChange={(event) => setReplaceInText(event.target.checked)}
                sx={{ mt: -1 }}
              />
            }
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={sending}>
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}
