import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { progressKeys, userProgressQuery } from '../../../api/progress';
import { useChapterSaveStatus } from '../../../editor/autosave';
import { TargetProgressBar, targetPercent } from '../../progress';

const formatNumber = new Intl.NumberFormat();

/**
 * Asks for today's words again each time the open chapter's changes are all saved: the server counts words
 * as it stores them, so that is when the count changes (at most once per autosave round, every few seconds).
 */
function RefreshWhenSaved({ storyId, chapterId }: { storyId: string; chapterId: string }) {
  const queryClient = useQueryClient();
  const saved = useChapterSaveStatus(storyId, chapterId).state === 'saved';
  useEffect(() => {
    if (saved) void queryClient.invalidateQueries({ queryKey: progressKeys.user(1) });
  }, [saved, queryClient]);
  return null;
}

/** Today's words against the daily goal (issue 15 §1), shown only when the author has a goal. */
export function TodayWordsStatus({ storyId, chapterId }: { storyId: string; chapterId: string | undefined }) {
  const progress = useQuery(userProgressQuery(1));
  const data = progress.data;
  const refresh = chapterId && <RefreshWhenSaved storyId={storyId} chapterId={chapterId} />;
  if (!data || data.daily_goal === null) return refresh;
  const words = data.days.at(-1)?.words ?? 0;
  return (
    <>
      {refresh}
      <Typography variant="caption">
        Today{' '}
        <Box
          component="span"
          sx={{ fontWeight: 600, color: words >= data.daily_goal ? 'success.main' : undefined }}
        >
          {formatNumber.format(words)} / {formatNumber.format(data.daily_goal)}
        </Box>
      </Typography>
    </>
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
