import type { Chapter } from '../../../shared/schemas/chapter';
import type { ShareRole } from '../../../shared/schemas/review';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { Repositories } from '../repositories';
import type { StoryRecord } from '../stories/story-repository';
import type { Read } from '../unit-of-work';
import type { MemberRecord } from './review-repository';

/**
 * Who may reach a story, and how far (issue 24). Its author reaches all of it. Someone who joined through a
 * share reaches exactly what that share gives: the story's page, the chapters it names (all when it names
 * none), comments, and suggestions for an editor; never a write of the author's text. Anyone else, like a
 * collaborator whose link was revoked or has expired, finds nothing (404).
 */
export type StoryAccess =
  | { kind: 'author'; userId: string; ownerId: string; story: StoryRecord }
  | {
      kind: 'collaborator';
      userId: string;
      ownerId: string;
      story: StoryRecord;
      role: ShareRole;
      /** The chapters shared; undefined for the whole story. */
      chapters?: readonly string[];
      name: string;
      authorName: string;
    };

const noSuchStory = () => new NotFoundError('No such story.');

/** A membership still in force: present and not past its end. */
export function activeMember(member: MemberRecord | undefined, now: Date): MemberRecord | undefined {
  if (!member) return undefined;
  if (member.expires_at && Date.parse(member.expires_at) <= now.getTime()) return undefined;
  return member;
}

/**
 * The caller's access to the story, with any other reads the request needs made in the same round trip: the
 * author's story item and the caller's membership are read together, and for a collaborator the author's
 * story item follows (it is what proves the story still stands).
 */
export async function requireStoryAccess<Extra extends Record<string, Read<unknown> | undefined>>(
  repositories: Repositories,
  userId: string,
  storyId: string,
  now: Date,
  extraReads: Extra = {} as Extra,
) {
  const found = await repositories.read({
    ...extraReads,
    owned: repositories.stories.getOwnedRead(userId, storyId),
    member: repositories.shares.getMemberRead(storyId, userId),
  });
  const { owned, member, ...extra } = found;
  let access: StoryAccess;
  if (owned) {
    access = { kind: 'author', userId, ownerId: userId, story: owned };
  } else {
    const active = activeMember(member, now);
    if (!active) throw noSuchStory();
    const [story] = await repositories.stories.getOwned(active.owner_id, [storyId]);
    if (!story) throw noSuchStory();
    access = {
      kind: 'collaborator',
      userId,
      ownerId: active.owner_id,
      story,
      role: active.role,
      ...(active.chapters ? { chapters: active.chapters } : {}),
      name: active.name,
      authorName: active.author_name,
    };
  }
  return { access, ...(extra as Omit<typeof found, 'owned' | 'member'>) };
}

/** Whether the access reaches this chapter. */
export function reachesChapter(access: StoryAccess, chapterId: string): boolean {
  return access.kind === 'author' || !access.chapters || access.chapters.includes(chapterId);
}

/** A chapter the access does not reach is, to the caller, no chapter at all. */
export function requireChapterReach(access: StoryAccess, chapterId: string): void {
  if (!reachesChapter(access, chapterId)) throw new NotFoundError('No such chapter.');
}

/** The chapters a collaborator sees, without the author's planning notes (synopsis and stage). */
export function chaptersReached(access: StoryAccess, chapters: readonly Chapter[]): Chapter[] {
  if (access.kind === 'author') return [...chapters];
  return chapters
    .filter((chapter) => reachesChapter(access, chapter.chapter_id))
    .map((chapter) => ({ ...chapter, synopsis: null, stage: null }));
}

/** Suggesting is the editor's (and the author's own edits need no suggestion). */
export function requireEditor(access: StoryAccess): void {
  if (access.kind === 'collaborator' && access.role !== 'editor') {
    throw new ForbiddenError('Only an editor can suggest changes.');
  }
}

/** Only the author decides on suggestions, shares and everyone's reading positions. */
export function requireAuthor(
  access: StoryAccess,
): asserts access is Extract<StoryAccess, { kind: 'author' }> {
  if (access.kind !== 'author') throw new ForbiddenError('Only the author can do this.');
}
