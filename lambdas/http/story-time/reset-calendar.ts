import { setStoryCalendar } from '../../domain/story-time/story-calendar';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** DELETE /api/stories/{storyId}/calendar: back to the Gregorian calendar; answers it. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    const scope = { userId, storyId: params.storyId, now: ports.now() };
    return ok(await setStoryCalendar(ports.repositories, scope, undefined));
  },
});
