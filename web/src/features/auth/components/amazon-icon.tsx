import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** Amazon's smile-and-arrow, drawn as a line icon to sit beside the Material Google and Microsoft marks. */
export function AmazonIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path
        d="M3 13.5c5.2 3.9 12.8 3.9 17 .4M17.2 12.6l3 1.2-.8 3.1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </SvgIcon>
  );
}
