import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

export interface InlineFact {
  key: string;
  label: string;
  value: string;
}

/** Facts as 'Label: value' lines (a description list), on an element's card and in a mention's tooltip. */
export function InlineFactList({
  facts,
  label,
  sx,
}: {
  facts: readonly InlineFact[];
  label: string;
  sx?: SxProps<Theme>;
}) {
  if (facts.length === 0) return null;
  return (
    <Box component="dl" aria-label={label} sx={[{ m: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {facts.map((fact) => (
        <Typography key={fact.key} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="dt" sx={{ display: 'inline', fontWeight: 600 }}>
            {fact.label}
          </Box>
          {': '}
          <Box component="dd" sx={{ display: 'inline', m: 0 }}>
            {fact.value}
          </Box>
        </Typography>
      ))}
    </Box>
  );
}
