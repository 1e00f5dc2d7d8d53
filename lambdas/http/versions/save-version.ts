import { SaveVersionRequestSchema } from '../../../shared/schemas/versions';
import { saveNamedVersion } from '../../domain/versions/chapter-versions';
import { httpRoute } from '../../middleware/http-route';
import { json } from '../../middleware/responses';
import { ChapterPathSchema } from '../path-parameters';

/** POST /api/stories/{storyId}/chapters/{chapterId}/versions `{ name }`: 201 with the new version's entry. */
export const handler = httpRoute({
  auth: 'required',
  params: ChapterPathSchema,
  body: SaveVersionRequestSchema,
  async handle({ params, body, userId, ports }) {
    return json(201, await saveNamedVersion(ports, { userId, ...params }, body.name));
  },
});
