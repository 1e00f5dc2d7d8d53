import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { useWordCounts, type LiveWordCounts, type WordCounts } from '../hooks/use-word-counts';
import { StoryTargetStatus, TodayWordsStatus } from './writing-goal-status';

const formatNumber = new Intl.NumberFormat();

function describe(words: number | undefined): string {
  if (words === undefined) return '…';
  return `${formatNumber.format(words)} ${words === 1 ? 'word' : 'words'}`;
}

/**
 * The live word counts of the open chapter and of the whole story, in a quiet line under the manuscript;
 * `goals` come first (issue 15 §1: today's words, the story's target).
 */
export function WordCountStatus({ counts, goals }: { counts: WordCounts; goals?: ReactNode }) {
  return (
    <Box
      aria-label="Word count"
      role="group"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        columnGap: 2,
        rowGap: 0.5,
        px: 1,
        py: 0.75,
        color: 'text.secondary',
      }}
    >
      {goals}
      <Typography variant="caption">
        Chapter{' '}
        <Box component="span" sx={{ fontWeight: 600 }}>
          {describe(counts.chapter)}
        </Box>
      </Typography>
      <Typography variant="caption">
        Story{' '}
        <Box component="span" sx={{ fontWeight: 600 }}>
          {describe(counts.story)}
        </Box>
      </Typography>
    </Box>
  );
}

interface LiveWordCountStatusProps {
  /** From `useStoredWordCounts`: `undefined` while loading, `null` if unavailable. */
  stored: ReadonlyMap<string, number> | null | undefined;
  chapters: readonly Chapter[];
  activeChapterId: string | undefined;
  liveCounts: LiveWordCounts;
  story: { id: string; title: string; targetWords: number | undefined };
}

/**
 * `WordCountStatus` following the editor's live counts: the only part of the workspace they re-render. The
 * story's target bar follows them too.
 */
export function LiveWordCountStatus({
  stored,
  chapters,
  activeChapterId,
  liveCounts,
  story,
}: LiveWordCountStatusProps) {
  const counts = useWordCounts(stored, chapters, activeChapterId, liveCounts);
  return (
    <WordCountStatus
      counts={counts}
      goals={
        <>
          <TodayWordsStatus storyId={story.id} chapterId={activeChapterId} />
          {story.targetWords !== undefined && counts.story !== undefined && (
            <StoryTargetStatus title={story.title} words={counts.story} targetWords={story.targetWords} />
          )}
        </>
      }
    />
  );
}
