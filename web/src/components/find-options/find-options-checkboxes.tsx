import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import type { FindOptions } from '../../../../shared/text-replacement';

/** 'Match case' and 'Whole word', as the chapter's find bar and the story-wide search both offer them. */
export function FindOptionsCheckboxes({
  options,
  onChange,
}: {
  options: FindOptions;
  onChange: (options: FindOptions) => void;
}) {
  return (
    <>
      <FormControlLabel
        label="Match case"
        control={
          <Checkbox
            size="small"
            checked={options.case_sensitive}
            onChange={(event) => onChange({ ...options, case_sensitive: event.target.checked })}
          />
        }
      />
      <FormControlLabel
        label="Whole word"
        control={
          <Checkbox
            size="small"
            checked={options.whole_word}
            onChange={(event) => onChange({ ...options, whole_word: event.target.checked })}
          />
        }
      />
    </>
  );
}
