import { ReadingPositionRequestSchema } from '../../../shared/schemas/review';
import { saveReadingPosition } from '../../domain/review/reading-positions';
import { httpRoute } from '../../middleware/http-route';
import { noContent } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** PUT /api/stories/{storyId}/reading-position: where I stopped reading a chapter. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: ReadingPositionRequestSchema,
  async handle({ params, body, userId, ports }) {
    await saveReadingPosition(ports.repositories, userId, params.storyId, body, ports.now());
    return noContent();
  },
});
