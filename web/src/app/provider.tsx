import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import { theme } from '../theme/theme';

/** Everything the app needs that does not depend on the router; route-aware providers sit in the root route. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorBoundary>{children}</ErrorBoundary>
      <LoadingOverlay />
    </ThemeProvider>
  );
}
