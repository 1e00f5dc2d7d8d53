import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { AssociationListItem } from '../../../../../shared/schemas/associations';
import {
  RELATIONSHIP_LABEL_MAX_LENGTH,
  type CreateRelationshipRequest,
  type Relationship,
} from '../../../../../shared/schemas/relationships';
import type { MentionGrid } from '../../../../../shared/schemas/story-bible';
import { FormRefusal } from '../../../components/feedback/form-refusal';
import { SaveDialogActions } from '../../../components/feedback/save-dialog-actions';

/** The select's value for a relationship that holds from the first chapter. */
const FROM_THE_START = '';

export interface RelationshipDialogProps {
  /** The entry edited, or the fields a new one starts with. */
  initial: Relationship | Partial<CreateRelationshipRequest>;
  associations: readonly AssociationListItem[];
  chapters: MentionGrid['chapters'];
  error: string | undefined;
  saving: boolean;
  onSave(request: CreateRelationshipRequest): void;
  onDelete?(): void;
  onClose(): void;
}

/** Creates or edits one relationship: who to whom, both labels, the chapter it holds from, or its end. */
export function RelationshipDialog(props: RelationshipDialogProps) {
  const { initial, associations, chapters, error, saving, onSave, onDelete, onClose } = props;
  const editing = 'relationship_id' in initial;
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const [label, setLabel] = useState(initial.label ?? '');
  const [reverseLabel, setReverseLabel] = useState(initial.reverse_label ?? '');
  const [fromChapterId, setFromChapterId] = useState(initial.from_chapter_id ?? FROM_THE_START);
  const [ended, setEnded] = useState(initial.ended ?? false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({
      from,
      to,
      label,
      reverse_label: reverseLabel.trim() === '' ? null : reverseLabel,
      from_chapter_id: fromChapterId === FROM_THE_START ? null : fromChapterId,
      ended,
    });
  };

  const associationSelect = (name: string, value: string, onChange: (value: string) => void) => (
    <TextField
      select
      required
      label={name}
      value={value}
      disabled={editing}
      onChange={(event) => onChange(event.target.value)}
    >
      {associations.map((association) => (
        <MenuItem key={association.association_id} value={association.association_id}>
          {association.association_name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" component="form" onSubmit={submit}>
      <DialogTitle>{editing ? 'Edit relationship' : 'New relationship'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {associationSelect('From', from, setFrom)}
          <TextField
            required
            label="Label"
            placeholder="mentor of"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            slotProps={{ htmlInput: { maxLength: RELATIONSHIP_LABEL_MAX_LENGTH } }}
          />
          {associationSelect('To', to, setTo)}
          <TextField
            label="Reverse label"
            placeholder="student of"
            value={reverseLabel}
            onChange={(event) => setReverseLabel(event.target.value)}
            slotProps={{ htmlInput: { maxLength: RELATIONSHIP_LABEL_MAX_LENGTH } }}
          />
          <TextField
            select
            label="From chapter"
            value={fromChapterId}
            onChange={(event) => setFromChapterId(event.target.value)}
          >
            <MenuItem value={FROM_THE_START}>From the start</MenuItem>
            {chapters.map((chapter) => (
              <MenuItem key={chapter.chapter_id} value={chapter.chapter_id}>
                {chapter.title}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Checkbox checked={ended} onChange={(event) => setEnded(event.target.checked)} />}
            label="Ends their relationship from this chapter"
          />
          <FormRefusal message={error} />
        </Stack>
      </DialogContent>
      <SaveDialogActions
        saving={saving}
        onCancel={onClose}
        start={
          onDelete && (
            <Button color="error" onClick={onDelete} disabled={saving} sx={{ mr: 'auto' }}>
              Delete
            </Button>
          )
        }
      />
    </Dialog>
  );
}
