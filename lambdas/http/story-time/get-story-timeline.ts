import { readStoryTimeline } from '../../domain/story-time/timeline';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/timeline: chapters in story time, one lane per association. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await readStoryTimeline(ports.repositories, { userId, storyId: params.storyId }));
  },
});
