import { buildImportedStory, markImportFailed } from '../domain/import/build-imported-story';
import { StoryImportMessageSchema } from '../domain/import/staged-manuscript';
import { sqsWorker } from './sqs-worker';

/**
 * The 'storyImport' queue's worker: builds the chapters of a story POST /api/stories/import created from a
 * manuscript. A message that fails on its last delivery leaves the story marked as a failed import.
 */
export const handler = sqsWorker({
  queue: 'storyImport',
  message: StoryImportMessageSchema,
  describe: 'story import',
  async handle(ports, message) {
    return { outcome: await buildImportedStory(ports, message) };
  },
  onLastFailure: markImportFailed,
});
