import type { TypographyVariant } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/** A title on one line, cut with an ellipsis when it does not fit; the whole of it shows on hover. */
export const titleTextStyle = {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  minWidth: 0,
} as const;

/** A title shown read-only, as `EditableTitle` shows it without a way to rename it. */
export function TitleText({ value, variant }: { value: string; variant: TypographyVariant }) {
  return (
    <Typography variant={variant} component="span" sx={titleTextStyle} title={value}>
      {value}
    </Typography>
  );
}
