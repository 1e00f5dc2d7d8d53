import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ASSOCIATION_TYPES, type AssociationType } from '../../../../../shared/schemas/associations';
import type { TimelineLane } from '../../../../../shared/schemas/story-time';
import { associationTypeLabel } from '../../../editor/nodes/association-node';
import { readableToggles } from './readable-toggles';
import type { LaneFilter } from '../timeline-model';

interface LaneFiltersProps {
  lanes: readonly TimelineLane[];
  filter: LaneFilter;
  onChange: (filter: LaneFilter) => void;
}

/** Which lanes the chart shows: by kind (characters, places, events, items), or only the associations picked. */
export function LaneFilters({ lanes, filter, onChange }: LaneFiltersProps) {
  const kinds = ASSOCIATION_TYPES.filter((type) => lanes.some((lane) => lane.type === type));
  const picked = lanes.filter((lane) => filter.picked.includes(lane.association_id));
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <ToggleButtonGroup
        size="small"
        aria-label="Lanes shown"
        value={kinds.filter((type) => filter.types.has(type))}
        disabled={picked.length > 0}
        onChange={(_event, types: AssociationType[]) => onChange({ ...filter, types: new Set(types) })}
        sx={{ ...readableToggles, flexWrap: 'wrap' }}
      >
        {kinds.map((type) => (
          <ToggleButton key={type} value={type}>
            {`${associationTypeLabel(type)}s`}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Autocomplete
        multiple
        size="small"
        options={lanes}
        value={picked}
        getOptionLabel={(lane) => lane.name}
        isOptionEqualToValue={(option, value) => option.association_id === value.association_id}
        groupBy={(lane) => `${associationTypeLabel(lane.type)}s`}
        onChange={(_event, chosen) =>
          onChange({ ...filter, picked: chosen.map((lane) => lane.association_id) })
        }
        renderInput={(params) => <TextField {...params} label="Show only" />}
        sx={{ flex: '1 1 auto', maxWidth: { sm: 420 } }}
      />
    </Stack>
  );
}
