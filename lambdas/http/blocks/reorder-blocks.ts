import { BlockOrderRequestSchema } from '../../../shared/schemas/block';
import { reorderBlocks } from '../../domain/blocks/sync-blocks';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';
import { requireSameStory } from './block-request';

/** PUT /api/stories/{storyId}/orderMap: new places of paragraphs; 501 while the chapter is being created. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: BlockOrderRequestSchema,
  async handle({ body, params, userId, ports }) {
    requireSameStory(body.story_id, params.storyId);
    await reorderBlocks(ports, userId, params.storyId, body.chapter_id, body.blocks);
    return noContent();
  },
});
