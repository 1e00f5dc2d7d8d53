import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASSOCIATION_TYPES } from '../../../../../shared/schemas/associations';
import type { TimelineLane } from '../../../../../shared/schemas/story-time';
import { associationTypeLabel } from '../../../editor/nodes/association-node';
import { useTimelineColours } from './timeline-chart';

interface SwatchProps {
  fill: string;
  stroke: string;
  dashed?: boolean;
  label: string;
}

function Swatch({ fill, stroke, dashed = false, label }: SwatchProps) {
  return (
    <Stack component="li" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Box
        aria-hidden
        sx={{
          width: 14,
          height: 14,
          borderRadius: '50%',
          bgcolor: fill,
          border: `2px ${dashed ? 'dashed' : 'solid'} ${stroke}`,
        }}
      />
      <Typography variant="body2">{label}</Typography>
    </Stack>
  );
}

/** What the chart's colours mean: chapters, flashbacks, chapters that follow another, and the lanes' kinds. */
export function TimelineLegend({ lanes }: { lanes: readonly TimelineLane[] }) {
  const { marks, lane } = useTimelineColours();
  const kinds = ASSOCIATION_TYPES.filter((type) => lanes.some((each) => each.type === type));
  return (
    <Stack
      component="ul"
      aria-label="Legend"
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
    >
      <Swatch fill={marks.chapter} stroke={marks.chapter} label="Chapter" />
      <Swatch fill={marks.flashback} stroke={marks.flashback} label="Flashback" />
      <Swatch fill={marks.paper} stroke={marks.chapter} dashed label="Follows the previous chapter" />
      {kinds.map((type) => (
        <Swatch key={type} fill={lane(type)} stroke={lane(type)} label={`${associationTypeLabel(type)}s`} />
      ))}
    </Stack>
  );
}
