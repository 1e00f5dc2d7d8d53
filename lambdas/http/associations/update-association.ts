import { UpdateAssociationRequestSchema } from '../../../shared/schemas/associations';
import { updateAssociation } from '../../domain/associations/associations';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/associations: a JSON array with the one association to update, answered alike. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: UpdateAssociationRequestSchema,
  async handle({ userId, params, body, ports }) {
    const [changes] = body;
    const updated = await updateAssociation(ports, { userId, storyId: params.storyId }, changes!);
    return ok([updated]);
  },
});
