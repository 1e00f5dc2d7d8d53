import Box from '@mui/material/Box';
import { useColorScheme, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import type { DayWords } from '../../../../../shared/writing-progress';
import { formatDate, formatWords } from '../progress-format';

interface DailyWordsChartProps {
  days: readonly DayWords[];
  dailyGoal: number | null;
}

/** About this many dated ticks whatever the range, so the dates stay readable on a phone. */
const DATED_TICKS = 4;

/**
 * Words per day as bars, oldest on the left, with the daily goal as a dashed line. Colours come from the
 * theme, so the chart reads in dark mode as in light.
 */
export function DailyWordsChart({ days, dailyGoal }: DailyWordsChartProps) {
  const theme = useTheme();
  // The shown scheme's colours as values the chart can work with; `theme.palette` is always the light scheme's,
  // which put the goal's label in the light ink on the dark page (1.1:1).
  const { colorScheme = 'light' } = useColorScheme();
  const palette = theme.colorSchemes[colorScheme]?.palette ?? theme.palette;
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const dates = days.map((day) => day.date);
  const words = days.map((day) => day.words);
  const lastIndex = dates.length - 1;
  // Counted back from today, so today always has its date.
  const labelEvery = Math.max(1, Math.ceil(days.length / DATED_TICKS));
  const dated = (_date: string, index: number) => (lastIndex - index) % labelEvery === 0;
  return (
    <Box role="figure" aria-label={`Words per day, last ${days.length} days`} sx={{ width: '100%' }}>
      <BarChart
        height={280}
        hideLegend
        skipAnimation={reducedMotion}
        margin={{ left: 8, right: 28 }}
        xAxis={[
          {
            scaleType: 'band',
            // Bars nearly touching: 90 of them on a phone are still wide enough to see.
            categoryGapRatio: 0.15,
            data: dates,
            valueFormatter: (date: string, context) =>
              context.location === 'tick'
                ? formatDate(date, { day: 'numeric', month: 'short' })
                : formatDate(date, { dateStyle: 'full' }),
            tickLabelInterval: dated,
          },
        ]}
        yAxis={[{ min: 0, max: Math.max(dailyGoal ?? 0, ...words, 10) * 1.1, width: 48 }]}
        series={[
          {
            data: words,
            label: 'Words',
            color: palette.primary.main,
            valueFormatter: (value: number | null) => formatWords(value ?? 0),
          },
        ]}
      >
        {dailyGoal !== null && (
          <ChartsReferenceLine
            y={dailyGoal}
            label={`Daily goal ${formatWords(dailyGoal)}`}
            labelAlign="start"
            lineStyle={{ stroke: palette.secondary.main, strokeDasharray: '6 4', strokeWidth: 2 }}
            labelStyle={{ fill: palette.text.primary, fontSize: 12 }}
          />
        )}
      </BarChart>
    </Box>
  );
}
