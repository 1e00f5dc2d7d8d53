import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import type { TypographyVariant } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { lengthCount } from '../text-length/length-limit';
import { TitleText, titleTextStyle } from './title-text';

/** The tooltip that tells how to rename a title in place. */
export const RENAME_HINT = 'Double-click to rename';

interface EditableTitleProps {
  value: string;
  /** Accessible name of the title, e.g. 'Story title'. */
  label: string;
  /**
   * Receives the trimmed new title. Called only when it differs from `value` and is not blank
   * (spec §5, inline title edits). Leave out to show the title read-only.
   */
  onCommit?: (title: string) => void;
  variant?: TypographyVariant;
  /** The title's limit: the field stops there and counts towards it ("12/256"). */
  maxLength: number;
}

/**
 * A title that can be renamed in place: double-click (or Enter when focused) to edit, Enter or leaving
 * the field to save, Escape to cancel.
 */
export function EditableTitle({ value, label, onCommit, variant = 'h6', maxLength }: EditableTitleProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // Enter both commits and unmounts the input, and some browsers then fire blur as well: commit once.
  const editing = useRef(false);
  const counterId = useId();

  if (!onCommit) return <TitleText value={value} variant={variant} />;

  const startEditing = () => {
    editing.current = true;
    setDraft(value);
  };

  const finish = (save: boolean) => {
    if (!editing.current) return;
    editing.current = false;
    const title = (draft ?? '').trim();
    setDraft(null);
    if (save && title !== '' && title !== value.trim()) onCommit(title);
  };

  if (draft !== null) {
    return (
      <InputBase
        autoFocus
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key === 'Enter') finish(true);
          if (event.key === 'Escape') finish(false);
        }}
        inputProps={{ 'aria-label': label, maxLength, 'aria-describedby': counterId }}
        endAdornment={
          <Typography
            id={counterId}
            variant="caption"
            color="text.secondary"
            sx={{ ml: 1, flex: 'none', fontVariantNumeric: 'tabular-nums' }}
          >
            {lengthCount(draft, maxLength)}
          </Typography>
        }
        sx={(theme) => ({
          ...theme.typography[variant],
          minWidth: 0,
          flex: '1 1 auto',
          borderBottom: `2px solid ${theme.palette.primary.main}`,
        })}
      />
    );
  }

  return (
    <Tooltip title={RENAME_HINT} describeChild>
      <Typography
        variant={variant}
        component="span"
        role="button"
        tabIndex={0}
        aria-label={`${label}: ${value}. Double-click to rename.`}
        onDoubleClick={startEditing}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === 'F2') {
            event.preventDefault();
            startEditing();
          }
        }}
        sx={{
          ...titleTextStyle,
          cursor: 'text',
          borderRadius: 1,
          px: 0.5,
          mx: -0.5,
          '&:hover, &:focus-visible': { backgroundColor: 'action.hover' },
        }}
      >
        {value}
      </Typography>
    </Tooltip>
  );
}
