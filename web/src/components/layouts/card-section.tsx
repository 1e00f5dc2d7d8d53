import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface CardSectionProps {
  heading: string;
  children: ReactNode;
  /** `ul` when the cards are list items. */
  as?: 'div' | 'ul';
  /** Cards are laid out in as many columns of at least this width as fit (one on a phone). */
  minColumnWidth?: number;
}

/** A titled grid of cards on the stories page: the author's series and stories, the stories shared with them. */
export function CardSection({ heading, children, as = 'div', minColumnWidth = 220 }: CardSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: { xs: 4, sm: 6 } }}>
      <Typography
        id={headingId}
        variant="overline"
        component="h2"
        color="text.secondary"
        sx={{ display: 'block', mb: 1.5, letterSpacing: '0.12em' }}
      >
        {heading}
      </Typography>
      <Box
        component={as}
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: `repeat(auto-fill, minmax(${minColumnWidth}px, 1fr))` },
          gap: { xs: 2.5, sm: 3 },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
