import { StoryReplaceRequestSchema } from '../../../shared/schemas/story-search';
import { replaceInStoryText } from '../../domain/story-bible/story-search';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/replace: replaces every match in the story's text; `{ replaced, chapters }`. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: StoryReplaceRequestSchema,
  async handle({ userId, params, body, ports }) {
    return ok(await replaceInStoryText(ports, { userId, storyId: params.storyId }, body));
  },
});
