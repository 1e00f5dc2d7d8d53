import { ValidationError } from '../../errors';

/** A block call's body may repeat the story id; when it does, it must be the story in the path. */
export function requireSameStory(bodyStoryId: string | undefined, pathStoryId: string): void {
  if (bodyStoryId !== undefined && bodyStoryId !== pathStoryId) {
    throw new ValidationError('story_id does not match the story in the path.');
  }
}
