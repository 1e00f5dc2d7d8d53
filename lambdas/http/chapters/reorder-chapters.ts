import { ReorderChaptersRequestSchema } from '../../../shared/schemas/chapter';
import { reorderChapters } from '../../domain/chapters/manage-chapters';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/chapters: the chapter list with new places; answers the list renumbered from 1. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: ReorderChaptersRequestSchema,
  async handle({ body, params, userId, ports }) {
    return ok(await reorderChapters(ports, userId, params.storyId, body));
  },
});
