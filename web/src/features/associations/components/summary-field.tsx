import TextField from '@mui/material/TextField';
import { useState } from 'react';
import {
  ASSOCIATION_SUMMARY_MAX_BYTES,
  remainingSummaryBytes,
  truncateToUtf8Bytes,
} from '../../../../../shared/validation';

interface SummaryFieldProps {
  initialValue: string;
  readOnly: boolean;
  /** Takes focus as it appears (the panel of an association just created). */
  autoFocus?: boolean;
  /** Called when the field loses focus, with the summary cut to its 200 bytes. */
  onCommit: (summary: string) => void;
}

/**
 * The summary (spec §2, §5): 200 characters counted in UTF-8 bytes. The counter goes negative, in the
 * exceeded style, while the author types past the limit; leaving the field cuts the overflow off.
 */
export function SummaryField({ initialValue, readOnly, autoFocus = false, onCommit }: SummaryFieldProps) {
  const [text, setText] = useState(initialValue);
  const remaining = remainingSummaryBytes(text);

  return (
    <TextField
      label="Summary"
      multiline
      minRows={3}
      fullWidth
      autoFocus={autoFocus}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        if (readOnly) return;
        const summary = truncateToUtf8Bytes(text, ASSOCIATION_SUMMARY_MAX_BYTES);
        setText(summary);
        onCommit(summary);
      }}
      error={remaining < 0}
      helperText={`Remaining characters: ${remaining}`}
      slotProps={{ htmlInput: { readOnly } }}
    />
  );
}
