import { DeleteBlocksRequestSchema } from '../../../shared/schemas/block';
import { deleteBlocks } from '../../domain/blocks/sync-blocks';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';
import { requireSameStory } from './block-request';

/** DELETE /api/stories/{storyId}/block: removes paragraphs; 501 while the chapter is being created. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: DeleteBlocksRequestSchema,
  async handle({ body, params, userId, ports }) {
    requireSameStory(body.story_id, params.storyId);
    await deleteBlocks(
      ports,
      userId,
      params.storyId,
      body.chapter_id,
      body.blocks.map((block) => ({ key_id: block.key_id, base_revision: block.base_revision })),
    );
    return noContent();
  },
});
