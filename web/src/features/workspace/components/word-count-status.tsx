import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Chapter } from '../../../../../shared/schemas/chapter';
import { useWordCounts, type LiveWordCounts, type WordCounts } from '../hooks/use-word-counts';

const formatNumber = new Intl.NumberFormat();

function describe(words: number | undefined): string {
  if (words === undefined) return '…';
  return `${formatNumber.format(words)} ${words === 1 ? 'word' : 'words'}`;
}

/** The live word counts of the open chapter and of the whole story, in a quiet line under the manuscript. */
export function WordCountStatus({ counts }: { counts: WordCounts }) {
  return (
    <Box
      aria-label="Word count"
      role="group"
      sx={{
        display: 'flex',
        justifyContent: 'flex-end',
        gap: 2,
        px: 1,
        py: 0.75,
        color: 'text.secondary',
      }}
    >
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
}

/** `WordCountStatus` following the editor's live counts: the only part of the workspace they re-render. */
export function LiveWordCountStatus({
  stored,
  chapters,
  activeChapterId,
  liveCounts,
}: LiveWordCountStatusProps) {
  return <WordCountStatus counts={useWordCounts(stored, chapters, activeChapterId, liveCounts)} />;
}
