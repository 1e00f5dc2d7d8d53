import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A page of one thing in the middle of the window, without the app's header: signing in, opening a link. */
export function CentredPage({ children }: { children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 4,
        px: 2,
        py: 6,
      }}
    >
      {children}
    </Box>
  );
}
