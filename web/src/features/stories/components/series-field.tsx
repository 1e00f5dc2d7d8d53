import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Series } from '../../../../../shared/schemas/series';
import { TITLE_MAX_LENGTH } from '../../../../../shared/validation';
import type { SeriesAssignment } from '../types';

interface SeriesFieldProps {
  /** The text in the field; an existing series' title or a new name. */
  value: string;
  onChange: (seriesName: string) => void;
  seriesList: Series[];
  /** What the text currently means, explained under the field. */
  assignment: SeriesAssignment;
}

function explanation(assignment: SeriesAssignment): string {
  switch (assignment.kind) {
    case 'standalone':
      return 'Leave empty for a standalone story, or pick a series or type a new one.';
    case 'existing':
      return `The story joins ${assignment.title}.`;
    case 'new':
      return `A new series, ${assignment.title}, will be created.`;
  }
}

/**
 * Spec §2 'Assign to Series (optional)': one of the author's series or a newly typed name. The typed
 * text is the value, so a new name counts without pressing Enter.
 */
export function SeriesField({ value, onChange, seriesList, assignment }: SeriesFieldProps) {
  return (
    <Autocomplete
      freeSolo
      options={[...new Set(seriesList.map((series) => series.series_title))]}
      inputValue={value}
      onInputChange={(_event, text) => onChange(text)}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Assign to Series (optional)"
          helperText={explanation(assignment)}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: TITLE_MAX_LENGTH },
          }}
        />
      )}
    />
  );
}
