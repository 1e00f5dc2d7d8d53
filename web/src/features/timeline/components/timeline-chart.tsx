import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useColorScheme, useTheme } from '@mui/material/styles';
import { ChartsContainer } from '@mui/x-charts/ChartsContainer';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import type { ScatterSeriesType } from '@mui/x-charts/models';
import { ScatterMarker, ScatterPlot, type ScatterMarkerProps } from '@mui/x-charts/ScatterChart';
import { useDrawingArea, useXScale, useYScale } from '@mui/x-charts/hooks';
import { createContext, useContext, useMemo, useState, type PointerEvent } from 'react';
import { ASSOCIATION_TYPES } from '../../../../../shared/schemas/associations';
import type { StoryCalendar, TimelineLane } from '../../../../../shared/schemas/story-time';
import { formatStoryDate, storyDateAt } from '../../../../../shared/story-calendar';
import { associationTypeLabel } from '../../../editor/nodes/association-node';
import { mentionLineColor } from '../../../theme/mention-colors';
import {
  minutesPerDay,
  storyTimeDomain,
  storyTimeTicks,
  type PlacedChapter,
  type TimelineOrder,
} from '../timeline-model';
import { chapterTimeText } from './chapter-time-text';

export interface TimelineChartProps {
  calendar: StoryCalendar;
  /** In reading order. */
  chapters: readonly PlacedChapter[];
  /** The lanes shown, top to bottom. */
  lanes: readonly TimelineLane[];
  order: TimelineOrder;
  chapterLabel: (chapter: PlacedChapter) => string;
  onOpenChapter: (chapter: PlacedChapter) => void;
  /** A chapter dragged along the story-time axis to `minute`; the mark stays where it was dropped until it settles. */
  onMoveChapter: (chapter: PlacedChapter, minute: number) => Promise<unknown>;
}

const ROW_HEIGHT = 44;
const CHAPTER_RADIUS = 13;
const MARK_SPACING = 2 * CHAPTER_RADIUS + 3;
/** Above the chapters' row: the date a dragged chapter would land on. */
const TOP_MARGIN = 40;
const MAX_LANE_NAME = 18;
/** A press that moves less than this is a click, not a drag. */
const DRAG_THRESHOLD = 4;

const laneRadius = (count: number) => Math.min(15, 3 + 3 * Math.sqrt(count));
const shortName = (name: string) =>
  name.length > MAX_LANE_NAME ? `${name.slice(0, MAX_LANE_NAME - 1)}…` : name;

/** Each lane mark's radius by series and data index: the library's marker draws it, sized by the mention count. */
const LaneMarkRadii = createContext<ReadonlyMap<string, readonly number[]>>(new Map());

function LaneMarker(props: ScatterMarkerProps) {
  const radii = useContext(LaneMarkRadii);
  return (
    <ScatterMarker {...props} size={radii.get(String(props.seriesId))?.[props.dataIndex] ?? props.size} />
  );
}

interface MarkColours {
  chapter: string;
  chapterText: string;
  flashback: string;
  flashbackText: string;
  paper: string;
  text: string;
}

/** The chart's colours in the scheme shown (SVG attributes take values, not the theme's CSS variables). */
export function useTimelineColours() {
  const theme = useTheme();
  const { colorScheme = 'light' } = useColorScheme();
  const scheme = colorScheme === 'dark' ? 'dark' : 'light';
  const palette = theme.colorSchemes[scheme]?.palette ?? theme.palette;
  const marks: MarkColours = {
    chapter: palette.primary.main,
    chapterText: palette.primary.contrastText,
    flashback: palette.secondary.main,
    flashbackText: palette.secondary.contrastText,
    paper: palette.background.paper,
    text: palette.text.primary,
  };
  return { marks, lane: (type: TimelineLane['type']) => mentionLineColor(scheme, type) };
}

/**
 * Issue 25 §1: the timeline as an MUI X chart. The x axis is story time (minutes of the story's calendar, ticks on
 * whole days labelled by the calendar) or the reading order; the top row holds the chapters, each further row a
 * lane with a mark, sized by its mentions, at every chapter the association appears in. Lane marks are the
 * library's scatter plot; the chapters' marks are placed with its scales, and dragged along the time axis.
 */
export function TimelineChart(props: TimelineChartProps) {
  const { calendar, chapters, lanes, order, chapterLabel } = props;
  const colours = useTimelineColours();
  const fullDomain = useMemo(() => storyTimeDomain(calendar, chapters), [calendar, chapters]);
  // The part of story time shown, in hundredths of the whole: a flashback years back otherwise squeezes the
  // main line's chapters into one spot (the library's own zoom is in its paid edition).
  const [shownPart, setShownPart] = useState<number[]>([0, 100]);
  const minuteAt = (part: number) =>
    fullDomain ? fullDomain.min + ((fullDomain.max - fullDomain.min) * part) / 100 : 0;
  const domain = fullDomain && { min: minuteAt(shownPart[0]!), max: minuteAt(shownPart[1]!) };
  const byId = useMemo(() => new Map(chapters.map((chapter) => [chapter.chapter_id, chapter])), [chapters]);
  const xOf = (chapter: PlacedChapter) => (order === 'reading' ? chapter.reading_order : chapter.first);

  const rowLabels = ['Chapters', ...lanes.map((lane) => shortName(lane.name))];
  const rows = rowLabels.map((_, index) => index);
  const dayLabel = (minute: number) => formatStoryDate(calendar, storyDateAt(calendar, minute, false));

  const { series, radii } = useMemo(() => {
    const radiiBySeries = new Map<string, number[]>();
    const laneSeries: ScatterSeriesType[] = [];
    for (const type of ASSOCIATION_TYPES) {
      const id = `lanes-${type}`;
      const points: { x: number; y: number; id: string; count: number; chapter: PlacedChapter }[] = [];
      lanes.forEach((lane, index) => {
        if (lane.type !== type) return;
        for (const appearance of lane.appearances) {
          const chapter = byId.get(appearance.chapter_id);
          const x = chapter && (order === 'reading' ? chapter.reading_order : chapter.first);
          if (chapter && x !== null && x !== undefined) {
            points.push({
              x,
              y: index + 1,
              id: `${lane.association_id}:${chapter.chapter_id}`,
              count: appearance.count,
              chapter,
            });
          }
        }
      });
      if (points.length === 0) continue;
      radiiBySeries.set(
        id,
        points.map((point) => laneRadius(point.count)),
      );
      laneSeries.push({
        type: 'scatter',
        id,
        label: `${associationTypeLabel(type)}s`,
        color: colours.lane(type),
        data: points.map(({ x, y, id: pointId }) => ({ x, y, id: pointId })),
        valueFormatter: (_value, { dataIndex }) => {
          const point = points[dataIndex];
          if (!point) return null;
          const mentions = point.count === 1 ? '1 mention' : `${point.count} mentions`;
          return `${lanes[point.y - 1]?.name ?? ''}: ${mentions} in ${chapterLabel(point.chapter)}`;
        },
      });
    }
    return { series: laneSeries, radii: radiiBySeries };
  }, [lanes, byId, order, colours, chapterLabel]);

  const placed = chapters.filter((chapter) => xOf(chapter) !== null);
  const xAxis =
    order === 'reading'
      ? {
          id: 'x',
          scaleType: 'linear' as const,
          min: 0.5,
          max: Math.max(1, chapters.length) + 0.5,
          tickInterval: chapters.map((chapter) => chapter.reading_order),
          // Under each chapter, when it happens: a flashback stands out as a date going back.
          valueFormatter: (readingOrder: number) => {
            const chapter = chapters.find((each) => each.reading_order === readingOrder);
            return chapter?.start ? formatStoryDate(calendar, chapter.start) : 'Not dated';
          },
          tickLabelStyle: { angle: -35, textAnchor: 'end' as const, fontSize: 11 },
          // Room for the longest dates slanted ('14 Afteryule 1418 S.R.'), which the library would cut short.
          height: 100,
        }
      : {
          id: 'x',
          scaleType: 'linear' as const,
          min: domain?.min ?? 0,
          max: domain?.max ?? minutesPerDay(calendar),
          tickInterval: domain ? storyTimeTicks(calendar, domain, 5) : [],
          valueFormatter: dayLabel,
          height: 'auto' as const,
        };
  const width = 180 + (order === 'reading' ? chapters.length * 64 : Math.max(520, placed.length * 56));
  const height = TOP_MARGIN + rows.length * ROW_HEIGHT + (order === 'reading' ? 110 : 40);

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      {/* On a phone the chart scrolls sideways in its own box; the page does not. */}
      <Box sx={{ overflowX: 'auto' }}>
        <Box role="figure" aria-label="Timeline chart" sx={{ minWidth: width }}>
          <LaneMarkRadii.Provider value={radii}>
            <ChartsContainer
              height={height}
              margin={{ top: TOP_MARGIN, right: 28, bottom: 8, left: 8 }}
              xAxis={[xAxis]}
              yAxis={[
                {
                  id: 'rows',
                  scaleType: 'linear',
                  reverse: true,
                  // Half a row above the first and below the last, so no mark is cut by the edge.
                  min: -0.6,
                  max: rows.length - 0.4,
                  tickInterval: rows,
                  valueFormatter: (row: number) => rowLabels[row] ?? '',
                  width: 128,
                  disableTicks: true,
                },
              ]}
              series={series}
              skipAnimation
            >
              <ChartsGrid horizontal vertical={order === 'reading'} />
              <ChartsXAxis axisId="x" />
              <ChartsYAxis axisId="rows" />
              <ScatterPlot slots={{ marker: LaneMarker }} />
              <ChapterMarks {...props} chapters={placed} colours={colours.marks} xOf={xOf} />
              <ChartsTooltip trigger="item" />
            </ChartsContainer>
          </LaneMarkRadii.Provider>
        </Box>
      </Box>
      {order === 'story' && fullDomain && (
        <Box sx={{ px: 3, pb: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            Zoom: drag either end to show a part of the story’s time
          </Typography>
          <Slider
            size="small"
            value={shownPart}
            min={0}
            max={100}
            step={0.25}
            disableSwap
            onChange={(_event, part) => setShownPart(part as number[])}
            getAriaLabel={(thumb) => (thumb === 0 ? 'Shown from' : 'Shown until')}
            getAriaValueText={(part) => dayLabel(minuteAt(part))}
            valueLabelDisplay="auto"
            valueLabelFormat={(part) => dayLabel(minuteAt(part))}
          />
        </Box>
      )}
    </Box>
  );
}

interface ChapterMarksProps extends TimelineChartProps {
  colours: MarkColours;
  xOf: (chapter: PlacedChapter) => number | null;
}

interface Drag {
  chapterId: string;
  fromClientX: number;
  dx: number;
  /** Dropped and being saved: the mark stays where it was let go. */
  dropped: boolean;
}

/**
 * The chapters' row: a numbered mark per chapter (its reading order), placed with the chart's scales. Chapters
 * at the same moment, or too close to tell apart, sit side by side. In story time a mark is dragged along the axis to
 * date the chapter; a click or a tap opens its dialog. The library hides its SVG from assistive technology, so
 * the marks take no focus: the chapter list under the chart is the keyboard's and the screen reader's way.
 */
function ChapterMarks({
  calendar,
  chapters,
  order,
  chapterLabel,
  onOpenChapter,
  onMoveChapter,
  colours,
  xOf,
}: ChapterMarksProps) {
  const xScale = useXScale<'linear'>('x');
  const yScale = useYScale<'linear'>('rows');
  const { left, width } = useDrawingArea();
  const [drag, setDrag] = useState<Drag>();
  const draggable = order === 'story';
  const y = yScale(0);
  const clamp = (x: number) => Math.min(left + width, Math.max(left, x));

  // Marks closer than their width are moved right until they clear the one before (in time, then reading
  // order), then a run that would pass the axis's end is moved back left within it; a short line ties a moved
  // mark to where it truly is on the axis.
  const byPosition = chapters
    .map((chapter) => ({ chapter, trueX: xScale(xOf(chapter)!) }))
    .filter(({ trueX }) => trueX >= left - 1 && trueX <= left + width + 1)
    .sort(
      (left, right) => left.trueX - right.trueX || left.chapter.reading_order - right.chapter.reading_order,
    );
  const spread: number[] = [];
  for (const { trueX } of byPosition)
    spread.push(Math.max(trueX, (spread.at(-1) ?? -Infinity) + MARK_SPACING));
  for (let index = spread.length - 1, nextX = Infinity; index >= 0; index -= 1) {
    spread[index] = Math.min(spread[index]!, left + width, nextX - MARK_SPACING);
    nextX = spread[index]!;
  }
  const marks = byPosition.map(({ chapter, trueX }, index) => ({
    chapter,
    baseX: spread[index]!,
    offset: spread[index]! - trueX,
  }));

  const release = (
    chapter: PlacedChapter,
    baseX: number,
    offset: number,
    event: PointerEvent<SVGGElement>,
  ) => {
    if (!drag || drag.chapterId !== chapter.chapter_id || drag.dropped) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    if (Math.abs(drag.dx) < DRAG_THRESHOLD) {
      setDrag(undefined);
      onOpenChapter(chapter);
      return;
    }
    setDrag({ ...drag, dropped: true });
    const minute = xScale.invert(clamp(baseX + drag.dx) - offset);
    void onMoveChapter(chapter, minute).finally(() => setDrag(undefined));
  };

  return (
    <g>
      {marks.map(({ chapter, baseX, offset }) => {
        const dragged = drag?.chapterId === chapter.chapter_id ? drag : undefined;
        const x = dragged ? clamp(baseX + dragged.dx) : baseX;
        const own = chapter.time_set;
        const fill = !own ? colours.paper : chapter.outOfSequence ? colours.flashback : colours.chapter;
        const textFill = !own
          ? colours.text
          : chapter.outOfSequence
            ? colours.flashbackText
            : colours.chapterText;
        const stroke = chapter.outOfSequence ? colours.flashback : colours.chapter;
        const landing =
          dragged && Math.abs(dragged.dx) >= DRAG_THRESHOLD
            ? formatStoryDate(calendar, storyDateAt(calendar, xScale.invert(x - offset), false))
            : undefined;
        return (
          <g
            key={chapter.chapter_id}
            data-chapter-id={chapter.chapter_id}
            transform={`translate(${x}, ${y})`}
            style={{ cursor: draggable ? 'grab' : 'pointer', touchAction: draggable ? 'none' : 'auto' }}
            onPointerDown={(event) => {
              if (event.button !== 0 || drag?.dropped) return;
              event.currentTarget.setPointerCapture(event.pointerId);
              setDrag({ chapterId: chapter.chapter_id, fromClientX: event.clientX, dx: 0, dropped: false });
            }}
            onPointerMove={(event) => {
              if (!draggable || !dragged || dragged.dropped) return;
              setDrag({ ...dragged, dx: event.clientX - dragged.fromClientX });
            }}
            onPointerUp={(event) => release(chapter, baseX, offset, event)}
            onPointerCancel={() => setDrag(undefined)}
          >
            {offset > 0 && !dragged && (
              <line
                x1={0}
                y1={CHAPTER_RADIUS}
                x2={-offset}
                y2={CHAPTER_RADIUS + 8}
                stroke={stroke}
                strokeWidth={1.5}
              />
            )}
            <title>{`${chapterLabel(chapter)} — ${chapterTimeText(calendar, chapter)}`}</title>
            <circle
              r={CHAPTER_RADIUS}
              fill={fill}
              stroke={stroke}
              strokeWidth={2}
              strokeDasharray={own ? undefined : '3 2'}
            />
            <text
              textAnchor="middle"
              dominantBaseline="central"
              fill={textFill}
              fontSize={12}
              fontWeight={700}
              pointerEvents="none"
            >
              {chapter.reading_order}
            </text>
            {landing && (
              <text
                y={-CHAPTER_RADIUS - 8}
                textAnchor="middle"
                fill={colours.text}
                fontSize={12}
                fontWeight={600}
                pointerEvents="none"
              >
                {landing}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
