import Typography from '@mui/material/Typography';
import { lastEditedLabel, wordsLabel } from '../../../lib/writing-figures';

interface StoryFiguresProps {
  wordCount: number;
  /** ISO 8601. */
  lastEditedAt: string;
}

const fullTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });

/** A story's (or a series') words and last edit, one quiet line under its title. */
export function StoryFigures({ wordCount, lastEditedAt }: StoryFiguresProps) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5, mt: -0.5 }}>
      {wordsLabel(wordCount)} ·{' '}
      <time dateTime={lastEditedAt} title={fullTime.format(new Date(lastEditedAt))}>
        {lastEditedLabel(lastEditedAt)}
      </time>
    </Typography>
  );
}
