import { CreateShareRequestSchema } from '../../../shared/schemas/review';
import { createShare } from '../../domain/review/shares';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/shares: a new link to the story with a role (the author only). */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: CreateShareRequestSchema,
  async handle({ params, body, userId, ports }) {
    const context = { repositories: ports.repositories, now: ports.now(), origin: ports.config.APP_ORIGIN };
    return json(201, await createShare(context, userId, params.storyId, body));
  },
});
