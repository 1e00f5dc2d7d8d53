import { api } from '../../lib/api-client';
import type { SyncTransport } from './sync-requests';

/**
 * The queue's requests through the app's API client: background calls (autosave never raises the loading
 * overlay), rejected with an `ApiError` whose `status` the queue reads (0 when the server was unreachable).
 */
export const httpSyncTransport: SyncTransport = async (request, { keepalive }) => {
  const options = { background: true, keepalive };
  if (request.method === 'PUT') await api.put(request.path, request.body, options);
  else await api.delete(request.path, request.body, options);
};
