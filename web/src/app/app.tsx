import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

// Made before the router, whose routes start reads into it as soon as they match.
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
