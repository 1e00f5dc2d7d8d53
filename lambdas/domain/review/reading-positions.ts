import type { ReadingPosition, ReadingPositionRequest } from '../../../shared/schemas/review';
import { ValidationError } from '../../errors';
import type { Repositories } from '../repositories';
import { UNNAMED_PERSON } from './shares';
import { requireChapterReach, requireStoryAccess } from './story-access';

/**
 * PUT /api/stories/{storyId}/reading-position: where I stopped in a chapter (the paragraph at the top of my
 * screen), kept per chapter with how far into the chapter it is, for my next visit and for the author's map of
 * how far each reader got.
 */
export async function saveReadingPosition(
  repositories: Repositories,
  userId: string,
  storyId: string,
  request: ReadingPositionRequest,
  now: Date,
): Promise<void> {
  const { access, order } = await requireStoryAccess(repositories, userId, storyId, now, {
    order: repositories.blocks.getOrderRead(request.chapter_id),
  });
  requireChapterReach(access, request.chapter_id);
  const place = order.key_ids.indexOf(request.key_id);
  if (place < 0) throw new ValidationError('No such paragraph in this chapter.');
  await repositories.commit([
    repositories.shares.putReadingPositionItem(storyId, {
      user_id: userId,
      chapter_id: request.chapter_id,
      key_id: request.key_id,
      progress: (place + 1) / order.key_ids.length,
      updated_at: now.toISOString(),
    }),
  ]);
}

/**
 * GET /api/stories/{storyId}/reading-positions: for the author, every collaborator's place in each chapter
 * (their own, when the author reads along, left out); for a collaborator, their own.
 */
export async function listReadingPositions(
  repositories: Repositories,
  userId: string,
  storyId: string,
  now: Date,
): Promise<ReadingPosition[]> {
  const { access } = await requireStoryAccess(repositories, userId, storyId, now);
  if (access.kind === 'collaborator') {
    const own = await repositories.shares.listReadingPositions(storyId, userId);
    return own.map((position) => ({
      reader: { user_id: userId, name: access.name },
      chapter_id: position.chapter_id,
      key_id: position.key_id,
      progress: position.progress,
      updated_at: position.updated_at,
    }));
  }
  const [positions, { members }] = await Promise.all([
    repositories.shares.listReadingPositions(storyId),
    repositories.shares.listForStory(storyId),
  ]);
  // Someone whose access was revoked no longer shows: only the present members' positions are listed.
  const names = new Map(members.map((member) => [member.user_id, member.name]));
  return positions.flatMap((position) => {
    const name = names.get(position.user_id);
    if (name === undefined) return [];
    return [
      {
        reader: { user_id: position.user_id, name: name || UNNAMED_PERSON },
        chapter_id: position.chapter_id,
        key_id: position.key_id,
        progress: position.progress,
        updated_at: position.updated_at,
      },
    ];
  });
}
