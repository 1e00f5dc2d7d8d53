import { UpdateStoryDetailsFormSchema } from '../../../shared/schemas/story';
import { type ImageChange, updateStoryDetails } from '../../domain/stories/update-story-details';
import { ValidationError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { type MultipartForm, parseFormFields, parseMultipartForm } from '../../middleware/multipart';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';
import { seriesChoiceOf, storyFormLimits } from './story-form';

/** The form's image part: a new file, `remove_image=true`, or neither (the image stays). */
function imageChangeOf(file: MultipartForm['file'], removeImage: 'true' | 'false' | undefined): ImageChange {
  if (removeImage === 'true') {
    if (file) throw new ValidationError('Send a new image or remove_image, not both.');
    return { kind: 'remove' };
  }
  return file ? { kind: 'replace', bytes: file.bytes } : { kind: 'keep' };
}

/** PUT /api/stories/{storyId}/details (multipart): title, description, image (or its removal) and series. */
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
      image: imageChangeOf(form.file, fields.remove_image),
    });
    return ok(story);
  },
});
