import { CreateAssociationsRequestSchema } from '../../../shared/schemas/associations';
import { createAssociations } from '../../domain/associations/associations';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * POST /api/stories/{storyId}/associations: creates the listed associations and answers them with their
 * new association_id and portrait; 401 when a free account would pass 5 on the story.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: CreateAssociationsRequestSchema,
  async handle({ userId, params, body, ports }) {
    const created = await createAssociations(ports, { userId, storyId: params.storyId }, body);
    return json(201, created);
  },
});
