import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { userProgressQuery } from '../../../api/progress';
import { TargetProgressBar, targetPercent } from '../../progress/components/story-progress-row';

/**
 * How often today's words are asked again while the workspace is open: autosave sends a change within
 * seconds, and the count only needs to keep up with a writing session, not with each keystroke.
 */
const TODAY_REFRESH_MS = 30_000;

const formatNumber = new Intl.NumberFormat();

/** Today's words against the daily goal (issue 15 §1), shown only when the author has a goal. */
export function TodayWordsStatus() {
  const progress = useQuery({ ...userProgressQuery(1), refetchInterval: TODAY_REFRESH_MS });
  const data = progress.data;
  if (!data || data.daily_goal === null) return null;
  const words = data.days.at(-1)?.words ?? 0;
  return (
    <Typography variant="caption" aria-label={`Today ${words} of ${data.daily_goal} words`}>
      Today{' '}
      <Box
        component="span"
        sx={{ fontWeight: 600, color: words >= data.daily_goal ? 'success.main' : undefined }}
      >
        {formatNumber.format(words)} / {formatNumber.format(data.daily_goal)}
      </Box>
    </Typography>
  );
}

/** The story's words toward its target, live as the author types. */
export function StoryTargetStatus({
  title,
  words,
  targetWords,
}: {
  title: string;
  words: number;
  targetWords: number;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120, flex: '0 1 200px' }}>
      <Box sx={{ flex: 1 }}>
        <TargetProgressBar title={title} words={words} targetWords={targetWords} />
      </Box>
      <Typography variant="caption" sx={{ fontWeight: 600 }}>
        {targetPercent(words, targetWords)}%
      </Typography>
    </Box>
  );
}
