/** Issue 25 §4: the story's continuity checks (premium). */
import { queryOptions } from '@tanstack/react-query';
import { ContinuityWarningsSchema } from '../../../shared/schemas/continuity';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';
import { storyBibleKeys } from './story-bible';

/** GET /api/stories/{storyId}/continuity, read again whenever the Story Bible's counts are. */
export const continuityQuery = (storyId: string) =>
  queryOptions({
    queryKey: [...storyBibleKeys.all(storyId), 'continuity'] as const,
    queryFn: async ({ signal }) =>
      ContinuityWarningsSchema.parse(
        await api.get(apiPaths.continuity(storyId), { background: true, signal }),
      ),
  });
