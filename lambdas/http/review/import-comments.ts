import {
  MANUSCRIPT_MAX_BYTES,
  MANUSCRIPT_NOT_DOCX_MESSAGE,
  MANUSCRIPT_TOO_LARGE_MESSAGE,
  manuscriptExtension,
} from '../../../shared/manuscript-import';
import { importWordComments } from '../../domain/review/import-comments';
import { UnsupportedMediaTypeError, ValidationError } from '../../errors';
import { httpRoute } from '../../middleware/http-route';
import { parseMultipartForm } from '../../middleware/multipart';
import { ok } from '../../middleware/responses';
import { StoryPathSchema } from '../path-parameters';

/**
 * POST /api/stories/{storyId}/comments/import (multipart: a Word document as `file`): the author's story gains
 * the document's comments. 200 `{ imported, unplaced }`.
 */
export const handler = httpRoute({
  auth: 'required',
  params: StoryPathSchema,
  async handle({ event, params, userId, ports }) {
    const form = await parseMultipartForm(event, {
      maxFileBytes: MANUSCRIPT_MAX_BYTES,
      fileTooLargeMessage: MANUSCRIPT_TOO_LARGE_MESSAGE,
    });
    if (!form.file) throw new ValidationError('Choose a Word document (.docx) with comments.');
    if (manuscriptExtension(form.file.fileName) !== 'docx') {
      throw new UnsupportedMediaTypeError(MANUSCRIPT_NOT_DOCX_MESSAGE);
    }
    const target = { userId, storyId: params.storyId, now: ports.now() };
    return ok(await importWordComments(ports.repositories, target, form.file.bytes));
  },
});
