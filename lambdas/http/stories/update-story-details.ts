import { UpdateStoryDetailsFormSchema } from '../../../shared/schemas/story';
import { updateStoryDetails } from '../../domain/stories/update-story-details';
import { httpRoute } from '../../middleware/http-route';
import { parseFormFields, parseMultipartForm } from '../../middleware/multipart';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';
import { seriesChoiceOf, storyFormLimits } from './story-form';

/** PUT /api/stories/{storyId}/details (multipart): title, description, image and series. */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ event, params, userId, ports }) {
    const form = await parseMultipartForm(event, storyFormLimits);
    const fields = parseFormFields(UpdateStoryDetailsFormSchema, form.fields);
    const story = await updateStoryDetails(ports, userId, params.storyId, {
      title: fields.title,
      description: fields.description,
      series: seriesChoiceOf(fields),
      ...(form.file ? { image: form.file.bytes } : {}),
    });
    return ok(story);
  },
});
