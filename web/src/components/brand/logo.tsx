import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '../../../../shared/constants';

/** The Loreweaver mark: an L with a thread woven behind it. Decorative; the wordmark or a label names it. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden="true"
      sx={{ width: size, height: size, flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="8" fill="#2f4a5e" />
      <path
        d="M5.5 20.5c5.5-6.5 12.5-8.5 21-6"
        fill="none"
        stroke="#d39b6a"
        strokeWidth="1.75"
        strokeLinecap="round"
      />
      <path
        d="M12 7.5v15c0 .8.6 1.5 1.5 1.5H23"
        fill="none"
        stroke="#f7f3ec"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

interface LogoProps {
  /** Hide the product name on phones, where the header needs the room for the story's titles. */
  compactOnPhones?: boolean;
}

export function Logo({ compactOnPhones = false }: LogoProps) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <LogoMark />
      <Typography
        component="span"
        variant="h6"
        sx={{
          color: 'text.primary',
          fontSize: '1.35rem',
          display: compactOnPhones ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
