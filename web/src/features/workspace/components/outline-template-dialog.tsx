import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import { OUTLINE_TEMPLATES, type OutlineTemplateType } from '../../../../../shared/outline-templates';
import { CHOOSE_OUTLINE_TEMPLATE } from '../workspace-messages';

interface OutlineTemplateDialogProps {
  open: boolean;
  onCancel: () => void;
  onChoose: (type: OutlineTemplateType) => void;
}

/** Spec §2: 'Choose an outline template', each template with its one-line description. */
export function OutlineTemplateDialog({ open, onCancel, onChoose }: OutlineTemplateDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{CHOOSE_OUTLINE_TEMPLATE}</DialogTitle>
      <DialogContent sx={{ px: 1.5 }}>
        <List aria-label="Outline templates" disablePadding>
          {OUTLINE_TEMPLATES.map((template) => (
            <ListItemButton
              key={template.type}
              onClick={() => onChoose(template.type)}
              sx={{ borderRadius: 1, alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={template.name}
                secondary={template.summary}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
