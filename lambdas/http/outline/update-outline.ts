import { UpdateOutlineRequestSchema } from '../../../shared/schemas/outline';
import { updateOutline } from '../../domain/outline/outline';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';

/** PUT /api/outline: `{storyID, sections}` or `{storyID, section}`; answers the whole outline's `{sections}`. */
export const handler = httpRoute({
  auth: 'required',
  body: UpdateOutlineRequestSchema,
  async handle({ body, userId, ports }) {
    const changes = 'sections' in body ? body.sections : [body.section];
    return ok({ sections: await updateOutline(ports, userId, body.storyID, changes) });
  },
});
