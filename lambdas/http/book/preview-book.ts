import { BookPreviewRequestSchema } from '../../../shared/schemas/book';
import { previewBook } from '../../domain/book/book-preview';
import { httpRoute } from '../../middleware/http-route';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/book/preview: the book's first pages, PDF or EPUB (issue 27 §4). */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  body: BookPreviewRequestSchema,
  async handle({ userId, params, body, ports }) {
    return ok(await previewBook(ports, userId, params.storyId, body));
  },
});
