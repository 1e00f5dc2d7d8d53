import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import type { DocumentSettings } from '../../../../../shared/schemas/settings';
import { useUpdateDocumentSettings } from '../hooks/use-workspace-mutations';

interface DocumentSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  storyId: string;
  settings: DocumentSettings;
}

/**
 * Spec §2 Document Settings: spell check and automatic tabs, per story, and (issue 13) whether association
 * mentions are highlighted. A change applies to the editor at
 * once and is saved straight away, so there is nothing to confirm and nothing to lose by closing.
 */
export function DocumentSettingsDialog({ open, onClose, storyId, settings }: DocumentSettingsDialogProps) {
  const updateDocumentSettings = useUpdateDocumentSettings(storyId);
  // Applied at once, and put back if saving it fails.
  const change = (next: DocumentSettings) => updateDocumentSettings(settings, next);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Document Settings</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 1 }}>
          These settings apply to every chapter of this story and are saved as you change them.
        </DialogContentText>
        <FormGroup>
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.spellcheck}
                onChange={(event) => change({ ...settings, spellcheck: event.target.checked })}
              />
            }
            label="Spell Check"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.autotab}
                onChange={(event) => change({ ...settings, autotab: event.target.checked })}
              />
            }
            label="Auto-insert tab in new paragraphs"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.highlight_associations}
                onChange={(event) => change({ ...settings, highlight_associations: event.target.checked })}
              />
            }
            label="Highlight associations"
          />
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
