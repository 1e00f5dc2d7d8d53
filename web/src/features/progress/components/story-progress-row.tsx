import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { storyProgressQuery } from '../../../api/progress';
import { paths } from '../../../config/paths';
import { formatDate, formatNumber, formatWords } from '../progress-format';

/** Percent of the target written, 0–100. */
export const targetPercent = (words: number, targetWords: number) =>
  Math.min(100, Math.round((words / targetWords) * 100));

interface TargetProgressBarProps {
  title: string;
  words: number;
  targetWords: number;
}

/** A bar of the words written toward the story's target, named for screen readers. */
export function TargetProgressBar({ title, words, targetWords }: TargetProgressBarProps) {
  return (
    <LinearProgress
      variant="determinate"
      value={targetPercent(words, targetWords)}
      aria-label={`${title}: ${formatNumber(words)} of ${formatNumber(targetWords)} words`}
      sx={{ height: 8, borderRadius: 4 }}
    />
  );
}

/** One story on the Progress page: its words against its target, the deadline and the words a day it needs. */
export function StoryProgressRow({ storyId, title }: { storyId: string; title: string }) {
  const progress = useQuery(storyProgressQuery(storyId));
  const data = progress.data;
  return (
    <Box component="li" sx={{ py: 1.5, listStyle: 'none' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mb: 0.75 }}>
        <Link
          component={RouterLink}
          to={paths.story.getHref(storyId)}
          variant="subtitle1"
          sx={{ fontWeight: 600 }}
        >
          {title}
        </Link>
        {data && (
          <Typography variant="body2" color="text.secondary">
            {data.target_words === null
              ? formatWords(data.words)
              : `${formatNumber(data.words)} / ${formatWords(data.target_words)}`}
          </Typography>
        )}
      </Box>
      {!data ? (
        progress.isError ? (
          <Typography variant="body2" color="text.secondary">
            Progress unavailable.
          </Typography>
        ) : (
          <Skeleton variant="rounded" height={8} />
        )
      ) : data.target_words === null ? (
        <Typography variant="body2" color="text.secondary">
          No target yet: set one in the story’s Document Settings.
        </Typography>
      ) : (
        <>
          <TargetProgressBar title={title} words={data.words} targetWords={data.target_words} />
          {data.deadline && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }}>
              Deadline {formatDate(data.deadline)}
              {data.words_per_day_needed !== null &&
                ` · ${formatWords(data.words_per_day_needed)} a day needed`}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
