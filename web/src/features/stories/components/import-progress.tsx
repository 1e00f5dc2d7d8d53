import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { StoryImport } from '../../../../../shared/schemas/story';

/** What the story card says of its import (issue 14 §1). */
export function importProgressText(progress: StoryImport): string {
  const counted = `${progress.chapters_done} of ${progress.chapters_total} chapters`;
  return progress.status === 'importing'
    ? `Importing… ${counted}`
    : `Import failed — ${counted} were imported. Delete the story and import the file again.`;
}

/** A story card's import progress: a bar and its count while importing, the failure once it failed. */
export function ImportProgress({ progress }: { progress: StoryImport }) {
  const text = importProgressText(progress);
  const percent =
    progress.chapters_total === 0 ? 0 : Math.round((progress.chapters_done / progress.chapters_total) * 100);
  return (
    <Box sx={{ px: 2, pb: 1.5 }}>
      {progress.status === 'importing' && (
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={text}
          sx={{ mb: 0.75, borderRadius: 1 }}
        />
      )}
      <Typography
        variant="body2"
        role="status"
        color={progress.status === 'failed' ? 'error' : 'text.secondary'}
      >
        {text}
      </Typography>
    </Box>
  );
}
