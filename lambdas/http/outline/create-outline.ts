import { CreateOutlineRequestSchema } from '../../../shared/schemas/outline';
import { createOutline } from '../../domain/outline/outline';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';

/** POST /api/outline: `{storyID, type}`; answers 201 with the new outline's `{sections}`. */
export const handler = httpRoute({
  auth: 'required',
  body: CreateOutlineRequestSchema,
  async handle({ body, userId, ports }) {
    return json(201, { sections: await createOutline(ports, userId, body.storyID, body.type) });
  },
});
