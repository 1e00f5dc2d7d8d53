import AutoStoriesOutlined from '@mui/icons-material/AutoStoriesOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ASSOCIATION_TYPES } from '../../../../../shared/schemas/associations';
import type {
  CalendarRequest,
  ChapterTimeRequest,
  StoryCalendar,
  Timeline,
} from '../../../../../shared/schemas/story-time';
import { storyBibleKeys } from '../../../api/story-bible';
import { storyQuery } from '../../../api/stories';
import {
  resetStoryCalendar,
  setChapterTime,
  setStoryCalendar,
  storyTimeKeys,
  timelineQuery,
} from '../../../api/story-time';
import { BackToManuscriptLink } from '../../../components/back-to-manuscript/back-to-manuscript-link';
import { useAlerts } from '../../../components/alerts/alerts-context';
import { PageLayout } from '../../../components/layouts/page-layout';
import { paths } from '../../../config/paths';
import { useLoadQuery } from '../../../lib/use-load-query';
import { CalendarDialog } from '../components/calendar-dialog';
import { ChapterTimeDialog } from '../components/chapter-time-dialog';
import { LaneFilters } from '../components/lane-filters';
import { readableToggles } from '../components/readable-toggles';
import { TimelineChapterList } from '../components/timeline-chapter-list';
import { TimelineChart } from '../components/timeline-chart';
import { TimelineLegend } from '../components/timeline-legend';
import {
  chaptersInOrder,
  draggedChapterTime,
  hasDatedChapter,
  placeChapters,
  visibleLanes,
  type LaneFilter,
  type PlacedChapter,
  type TimelineOrder,
} from '../timeline-model';

/** A volume's timeline shows the volume alone or every volume of its series on one axis. */
type TimelineScope = 'story' | 'series';

/** Issue 25 §1 /stories/{storyId}/timeline: the story's chapters in story time, with a lane per association. */
export function TimelinePage() {
  const { storyId = '' } = useParams();
  const { data: story } = useLoadQuery(storyQuery(storyId), { what: 'the story' });
  const [scope, setScope] = useState<TimelineScope>('story');
  const seriesId = story?.series_id || undefined;
  const wholeSeries = scope === 'series' && seriesId !== undefined;
  const { data: timeline, isError } = useLoadQuery(
    timelineQuery(storyId, wholeSeries ? seriesId : undefined),
    {
      what: 'the timeline',
    },
  );

  return (
    <PageLayout title={story ? `Timeline · ${story.title}` : 'Timeline'}>
      <Stack spacing={3} sx={{ pb: 6 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <BackToManuscriptLink storyId={storyId} />
            <Button
              component={RouterLink}
              to={paths.storyBible.getHref(storyId)}
              startIcon={<AutoStoriesOutlined />}
            >
              Story Bible
            </Button>
          </Stack>
          <Typography variant="h4" component="h1">
            Timeline
          </Typography>
          {story && <Typography color="text.secondary">{story.title}</Typography>}
        </Stack>
        {seriesId && (
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Chapters shown"
            value={scope}
            onChange={(_event, chosen: TimelineScope | null) => chosen && setScope(chosen)}
            sx={{ ...readableToggles, alignSelf: 'flex-start' }}
          >
            <ToggleButton value="story">This volume</ToggleButton>
            <ToggleButton value="series">Whole series</ToggleButton>
          </ToggleButtonGroup>
        )}
        {timeline ? (
          <TimelineView storyId={storyId} seriesId={seriesId} wholeSeries={wholeSeries} timeline={timeline} />
        ) : (
          <Typography color="text.secondary">
            {isError ? 'The timeline could not be read.' : 'Reading the timeline…'}
          </Typography>
        )}
      </Stack>
    </PageLayout>
  );
}

interface TimelineViewProps {
  storyId: string;
  seriesId: string | undefined;
  wholeSeries: boolean;
  timeline: Timeline;
}

function calendarSummary(calendar: StoryCalendar): string {
  if (calendar.kind === 'gregorian') return 'Gregorian calendar';
  const months = calendar.months.length === 1 ? '1 month' : `${calendar.months.length} months`;
  return `A calendar of its own: ${months}${calendar.epoch_name ? `, years ${calendar.epoch_name}` : ''}`;
}

function TimelineView({ storyId, seriesId, wholeSeries, timeline }: TimelineViewProps) {
  const queryClient = useQueryClient();
  const { showAlert } = useAlerts();
  const { calendar } = timeline;
  const [chosenOrder, setChosenOrder] = useState<TimelineOrder>();
  const [filter, setFilter] = useState<LaneFilter>({ types: new Set(ASSOCIATION_TYPES), picked: [] });
  const [editing, setEditing] = useState<PlacedChapter>();
  const [calendarOpen, setCalendarOpen] = useState(false);

  const dated = hasDatedChapter(timeline.chapters);
  // Story time has nothing to place until a chapter is dated: the reading order shows the chapters meanwhile.
  const order = chosenOrder ?? (dated ? 'story' : 'reading');
  const placed = useMemo(() => placeChapters(calendar, timeline.chapters), [calendar, timeline.chapters]);
  const shown = useMemo(() => chaptersInOrder(placed, order), [placed, order]);
  const lanes = useMemo(() => visibleLanes(timeline.lanes, filter), [timeline.lanes, filter]);
  const chapterLabel = useCallback(
    (chapter: PlacedChapter) =>
      wholeSeries
        ? `Volume ${chapter.volume}, ${chapter.place}. ${chapter.title}`
        : `${chapter.place}. ${chapter.title}`,
    [wholeSeries],
  );

  // A date or a calendar changes the timeline, the continuity checks and, for a volume, the series' timeline.
  const refresh = (chapterStoryId = storyId) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: storyBibleKeys.all(storyId) }),
      chapterStoryId !== storyId &&
        queryClient.invalidateQueries({ queryKey: storyBibleKeys.all(chapterStoryId) }),
      seriesId && queryClient.invalidateQueries({ queryKey: storyTimeKeys.series(seriesId) }),
    ]);

  const saveTime = useMutation({
    mutationFn: ({ chapter, request }: { chapter: PlacedChapter; request: ChapterTimeRequest }) =>
      setChapterTime(chapter.story_id, chapter.chapter_id, request),
    onSuccess: async (_time, { chapter }) => {
      setEditing(undefined);
      await refresh(chapter.story_id);
    },
  });
  const saveCalendar = useMutation({
    mutationFn: (request: CalendarRequest | null) =>
      request ? setStoryCalendar(storyId, request) : resetStoryCalendar(storyId),
    onSuccess: async () => {
      setCalendarOpen(false);
      await refresh();
    },
  });

  const openChapter = (chapter: PlacedChapter) => {
    saveTime.reset();
    setEditing(chapter);
  };
  const moveChapter = (chapter: PlacedChapter, minute: number) =>
    saveTime
      .mutateAsync({ chapter, request: draggedChapterTime(calendar, chapter, minute) })
      .catch((error: Error) =>
        showAlert({ title: 'The chapter was not moved', message: error.message, severity: 'error' }),
      );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="Order"
          value={order}
          onChange={(_event, chosen: TimelineOrder | null) => chosen && setChosenOrder(chosen)}
          sx={readableToggles}
        >
          <ToggleButton value="reading">Reading order</ToggleButton>
          <ToggleButton value="story">Story time</ToggleButton>
        </ToggleButtonGroup>
        <Button
          variant="outlined"
          startIcon={<CalendarMonthOutlined />}
          onClick={() => {
            saveCalendar.reset();
            setCalendarOpen(true);
          }}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          Calendar
        </Button>
        <Typography variant="body2" color="text.secondary">
          {calendarSummary(calendar)}
          {calendar.series_id && ' · shared by every volume of the series'}
        </Typography>
      </Stack>

      {timeline.lanes.length > 0 && (
        <LaneFilters lanes={timeline.lanes} filter={filter} onChange={setFilter} />
      )}

      {!dated && (
        <Alert severity="info">
          No chapter is dated yet. Choose a chapter in the list below (or its mark on the chart) and set when
          it happens; the chapters after it follow it until they get a date of their own.
        </Alert>
      )}

      {(dated || order === 'reading') && (
        <Box component="section" aria-label="Chart">
          <Stack spacing={1.5}>
            <TimelineLegend lanes={lanes} />
            <TimelineChart
              calendar={calendar}
              chapters={placed}
              lanes={lanes}
              order={order}
              chapterLabel={chapterLabel}
              onOpenChapter={openChapter}
              onMoveChapter={moveChapter}
            />
            <Typography variant="body2" color="text.secondary">
              {order === 'story'
                ? 'Drag a chapter along the time axis to change its date, or choose it to set its time.'
                : 'Chapters as the reader meets them, each with the date it happens; a flashback goes back in time.'}
            </Typography>
          </Stack>
        </Box>
      )}

      <Box component="section" aria-labelledby="timeline-chapters-heading">
        <Typography id="timeline-chapters-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
          Chapters
        </Typography>
        <TimelineChapterList
          calendar={calendar}
          chapters={shown}
          order={order}
          chapterLabel={chapterLabel}
          onOpenChapter={openChapter}
        />
      </Box>

      {editing && (
        <ChapterTimeDialog
          chapter={editing}
          chapterName={chapterLabel(editing)}
          calendar={calendar}
          error={saveTime.error?.message}
          saving={saveTime.isPending}
          onSave={(request) => saveTime.mutate({ chapter: editing, request })}
          onClose={() => setEditing(undefined)}
        />
      )}
      {calendarOpen && (
        <CalendarDialog
          calendar={calendar}
          error={saveCalendar.error?.message}
          saving={saveCalendar.isPending}
          onSave={(request) => saveCalendar.mutate(request)}
          onUseGregorian={() => saveCalendar.mutate(null)}
          onClose={() => setCalendarOpen(false)}
        />
      )}
    </>
  );
}
