import { RestoreRequestSchema, TrashedStoryPathSchema } from '../../../shared/schemas/trash';
import { restoreStory } from '../../domain/trash/trash';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';

/** POST /api/trash/stories/{storyId}/restore: back in the lists; 404 when not in the caller's trash. */
export const handler = httpRoute({
  auth: 'required',
  params: TrashedStoryPathSchema,
  body: RestoreRequestSchema,
  async handle({ params, userId, ports }) {
    await restoreStory(ports, userId, params.storyId);
    return noContent();
  },
});
