import { RenameAssociationRequestSchema } from '../../../shared/schemas/story-bible';
import { renameAssociation } from '../../domain/story-bible/rename-association';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { AssociationPathSchema } from '../path-parameters';

/**
 * POST /api/stories/{storyId}/associations/{associationId}/rename: renames the association and, when asked,
 * its mentions throughout the story's text; answers `{ association, replaced, chapters }`.
 */
export const handler = httpRoute({
  auth: 'required',
  params: AssociationPathSchema,
  body: RenameAssociationRequestSchema,
  async handle({ userId, params, body, ports }) {
    return ok(
      await renameAssociation(ports, { userId, storyId: params.storyId }, params.associationId, body),
    );
  },
});
