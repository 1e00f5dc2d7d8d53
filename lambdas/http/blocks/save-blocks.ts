import { SaveBlocksRequestSchema } from '../../../shared/schemas/block';
import { saveBlocks } from '../../domain/blocks/sync-blocks';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';
import { requireSameStory } from './block-request';

/** PUT /api/stories/{storyId}: saves changed paragraphs; 204 once stored, 501 while the chapter is being created. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: SaveBlocksRequestSchema,
  async handle({ body, params, userId, ports }) {
    requireSameStory(body.story_id, params.storyId);
    await saveBlocks(ports, userId, params.storyId, body.chapter_id, body.blocks);
    return noContent();
  },
});
