import { CalendarRequestSchema } from '../../../shared/schemas/story-time';
import { setStoryCalendar } from '../../domain/story-time/story-calendar';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/calendar: a calendar of the author's own, for the story or its whole series. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: CalendarRequestSchema,
  async handle({ userId, params, body, ports }) {
    const scope = { userId, storyId: params.storyId, now: ports.now() };
    return ok(await setStoryCalendar(ports.repositories, scope, body));
  },
});
