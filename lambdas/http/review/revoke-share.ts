import { revokeShare } from '../../domain/review/shares';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { SharePathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/shares/{shareId}: revokes the link; who joined by it loses access at once. */
export const handler = httpRoute({
  auth: 'required',
  params: SharePathSchema,
  async handle({ params, userId, ports }) {
    await revokeShare(ports.repositories, userId, params.storyId, params.shareId, ports.now());
    return noContent();
  },
});
