import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CalendarDateSchema, TargetWordsSchema } from '../../../../../shared/schemas/progress';
import {
  MANUSCRIPT_FONTS,
  TEXT_SIZES,
  type DocumentSettings,
  type ManuscriptFont,
  type TextSize,
} from '../../../../../shared/schemas/settings';
import { documentSettingsQuery } from '../../../api/document-settings';
import { FONT_OPTIONS, TEXT_SIZE_OPTIONS } from '../../../editor/manuscript-typography';
import { useUpdateDocumentSettings } from '../hooks/use-workspace-mutations';

interface DocumentSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  storyId: string;
  settings: DocumentSettings;
}

/** The settings without the goal field named. */
function without(settings: DocumentSettings, field: 'target_words' | 'deadline'): DocumentSettings {
  const { [field]: _removed, ...rest } = settings;
  return rest;
}

/**
 * The story's goal (issue 15 §1): a target in words, saved when the field is left with a valid number (empty
 * removes it), and a deadline, saved when a date is picked or cleared.
 */
function StoryGoalFields({
  settings,
  change,
}: {
  settings: DocumentSettings;
  change: (apply: (current: DocumentSettings) => DocumentSettings) => void;
}) {
  const [target, setTarget] = useState(settings.target_words?.toString() ?? '');
  const [targetError, setTargetError] = useState<string | null>(null);

  const saveTarget = () => {
    const digits = target.trim().replace(/[\s,]/g, '');
    if (digits === '') {
      setTargetError(null);
      if (settings.target_words !== undefined) change((current) => without(current, 'target_words'));
      return;
    }
    const parsed = TargetWordsSchema.safeParse(Number(digits));
    if (!parsed.success) {
      setTargetError(parsed.error.issues[0]?.message ?? 'Invalid target.');
      return;
    }
    setTargetError(null);
    const targetWords = parsed.data;
    if (targetWords !== settings.target_words)
      change((current) => ({ ...current, target_words: targetWords }));
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
      <TextField
        label="Target words"
        size="small"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        onBlur={saveTarget}
        onKeyDown={(event) => {
          if (event.key === 'Enter') saveTarget();
        }}
        error={targetError !== null}
        helperText={targetError ?? 'The whole story'}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        fullWidth
      />
      <TextField
        label="Deadline"
        type="date"
        size="small"
        value={settings.deadline ?? ''}
        onChange={(event) => {
          const { value } = event.target;
          if (value === '') change((current) => without(current, 'deadline'));
          else if (CalendarDateSchema.safeParse(value).success) {
            change((current) => ({ ...current, deadline: value }));
          }
        }}
        helperText="Optional"
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth
      />
    </Stack>
  );
}

/**
 * Spec §2 Document Settings: spell check and automatic tabs, per story; ours beside them, whether association
 * mentions are highlighted (issue 13), the manuscript's text size and font (the defaults are the editor's
 * long-standing serif at 19 px) and the story's goal (issue 15 §1). A change applies to the editor at once and
 * is saved straight away, so there is nothing to confirm and nothing to lose by closing.
 */
export function DocumentSettingsDialog({ open, onClose, storyId, settings }: DocumentSettingsDialogProps) {
  const updateDocumentSettings = useUpdateDocumentSettings(storyId);
  const queryClient = useQueryClient();
  // Applied at once, and put back if saving it fails.
  const change = (next: DocumentSettings) => updateDocumentSettings(settings, next);
  // The goal fields save on leaving a field, often straight into the next one's change: built on the settings
  // as last changed, not as last rendered, so the second save keeps the first.
  const changeLatest = (apply: (current: DocumentSettings) => DocumentSettings) => {
    const current = queryClient.getQueryData(documentSettingsQuery(storyId).queryKey) ?? settings;
    updateDocumentSettings(current, apply(current));
  };

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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
          <TextField
            select
            fullWidth
            size="small"
            label="Text size"
            value={settings.text_size ?? 'medium'}
            onChange={(event) => change({ ...settings, text_size: event.target.value as TextSize })}
          >
            {TEXT_SIZES.map((size) => (
              <MenuItem key={size} value={size}>
                {TEXT_SIZE_OPTIONS[size].label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            size="small"
            label="Font"
            value={settings.font ?? 'serif'}
            onChange={(event) => change({ ...settings, font: event.target.value as ManuscriptFont })}
          >
            {MANUSCRIPT_FONTS.map((font) => (
              <MenuItem key={font} value={font} sx={{ fontFamily: FONT_OPTIONS[font].family }}>
                {FONT_OPTIONS[font].label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <StoryGoalFields settings={settings} change={changeLatest} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
