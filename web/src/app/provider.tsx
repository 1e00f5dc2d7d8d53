import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { LoadingOverlay } from '../components/feedback/loading-overlay';
import { createQueryClient } from '../lib/query-client';
import { THEME_MODE_STORAGE_KEY, theme } from '../theme/theme';

interface AppProviderProps {
  children: ReactNode;
  /** The server-data cache; by default one made for this mount of the app. */
  queryClient?: QueryClient;
}

/** Everything the app needs that does not depend on the router; route-aware providers sit in the root route. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [ownQueryClient] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={ownQueryClient}>
      {/* The whole page changes scheme at once, rather than each control fading on its own transition. */}
      <ThemeProvider
        theme={theme}
        defaultMode="system"
        modeStorageKey={THEME_MODE_STORAGE_KEY}
        disableTransitionOnChange
      >
        <CssBaseline />
        <ErrorBoundary>{children}</ErrorBoundary>
        <LoadingOverlay />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
