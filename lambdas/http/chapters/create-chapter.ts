import { CreateChapterRequestSchema } from '../../../shared/schemas/chapter';
import { createChapter } from '../../domain/chapters/create-chapter';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/chapter: answers the chapter, 'creating', with its `id`. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: CreateChapterRequestSchema.optional(),
  async handle({ body, params, userId, ports }) {
    return json(201, await createChapter(ports, userId, params.storyId, body ?? {}));
  },
});
