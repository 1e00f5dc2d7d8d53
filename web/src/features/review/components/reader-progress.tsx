import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ReadingPosition } from '../../../../../shared/schemas/review';
import { readingPositionsQuery } from '../../../api/review';

/** Each chapter's readers and how far each got, for the author's chapter list (issue 24 §2). */
export function useReadersByChapter(storyId: string): ReadonlyMap<string, readonly ReadingPosition[]> {
  const positions = useQuery(readingPositionsQuery(storyId));
  return useMemo(() => {
    const byChapter = new Map<string, ReadingPosition[]>();
    for (const position of positions.data ?? []) {
      byChapter.set(position.chapter_id, [...(byChapter.get(position.chapter_id) ?? []), position]);
    }
    return byChapter;
  }, [positions.data]);
}

/**
 * The beta readers' drop-off map: a thin bar per reader under a chapter's title, filled as far as they read.
 */
export function ReaderProgress({ readers }: { readers: readonly ReadingPosition[] }) {
  if (readers.length === 0) return null;
  return (
    <Stack spacing={0.25} sx={{ mt: 0.5 }} aria-label="How far readers got">
      {readers.map((position) => {
        const percent = Math.round(position.progress * 100);
        const label = `${position.reader.name}: ${percent}% of this chapter`;
        return (
          <Tooltip key={position.reader.user_id} title={label}>
            <Box>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label={label}
                sx={{ height: 4, borderRadius: 2 }}
              />
            </Box>
          </Tooltip>
        );
      })}
    </Stack>
  );
}
