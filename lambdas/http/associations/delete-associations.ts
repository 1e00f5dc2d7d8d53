import { DeleteAssociationsRequestSchema } from '../../../shared/schemas/associations';
import { deleteAssociations } from '../../domain/associations/associations';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/associations: deletes the listed associations and their portraits. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: DeleteAssociationsRequestSchema,
  async handle({ userId, params, body, ports }) {
    await deleteAssociations(
      ports,
      { userId, storyId: params.storyId },
      body.map((association) => association.association_id),
    );
    return noContent();
  },
});
