import { getStoryCalendar } from '../../domain/story-time/story-calendar';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** GET /api/stories/{storyId}/calendar: the calendar the story is dated in (its series' for a volume). */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ userId, params, ports }) {
    return ok(await getStoryCalendar(ports.repositories, { userId, storyId: params.storyId }));
  },
});
