import { CreateStoryFormSchema } from '../../../shared/schemas/story';
import { createStory } from '../../domain/stories/create-story';
import { httpRoute } from '../../middleware/http-route';
import { parseFormFields, parseMultipartForm } from '../../middleware/multipart';
import { json } from '../../middleware/responses';
import { seriesChoiceOf, storyFormLimits } from './story-form';

/** POST /api/stories (multipart): creates the story, its series when named anew, and its first chapter. */
export const handler = httpRoute({
  auth: 'required',
  async handle({ event, userId, ports }) {
    const form = await parseMultipartForm(event, storyFormLimits);
    const fields = parseFormFields(CreateStoryFormSchema, form.fields);
    const series = seriesChoiceOf(fields);
    const story = await createStory(ports, userId, {
      title: fields.title,
      description: fields.description,
      series: series.kind === 'unchanged' ? { kind: 'standalone' } : series,
      ...(form.file ? { image: form.file.bytes } : {}),
    });
    return json(201, story);
  },
});
