import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { CalendarRules } from '../../../../../shared/schemas/story-time';
import type { PlacedChapter, TimelineOrder } from '../timeline-model';
import { chapterTimeText } from './chapter-time-text';

interface TimelineChapterListProps {
  calendar: CalendarRules;
  /** In the order the chart shows them. */
  chapters: readonly PlacedChapter[];
  order: TimelineOrder;
  chapterLabel: (chapter: PlacedChapter) => string;
  onOpenChapter: (chapter: PlacedChapter) => void;
}

/** The chart's chapters as a list, each opening its time dialog: how a keyboard or a phone dates them. */
export function TimelineChapterList({
  calendar,
  chapters,
  order,
  chapterLabel,
  onOpenChapter,
}: TimelineChapterListProps) {
  return (
    <List
      aria-label={order === 'story' ? 'Chapters in story time' : 'Chapters in reading order'}
      disablePadding
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
    >
      {chapters.map((chapter) => (
        <ListItem key={chapter.chapter_id} disablePadding divider aria-label={chapterLabel(chapter)}>
          <ListItemButton onClick={() => onOpenChapter(chapter)} sx={{ gap: 1, flexWrap: 'wrap' }}>
            <ListItemText
              primary={chapterLabel(chapter)}
              secondary={chapterTimeText(calendar, chapter)}
              sx={{ flex: '1 1 200px' }}
            />
            {chapter.outOfSequence && (
              <Chip
                size="small"
                color="secondary"
                label={chapter.flashback ? 'Flashback' : 'Earlier than the chapter before'}
              />
            )}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
