import { randomBytes } from 'node:crypto';
import {
  FREE_SHARE_LIMIT_MESSAGE,
  SHARE_EXPIRED_MESSAGE,
  SHARE_NOT_FOUND_MESSAGE,
  SHARE_REVOKED_MESSAGE,
  type CreateShareRequest,
  type JoinShareResponse,
  type Share,
  type SharedStory,
} from '../../../shared/schemas/review';
import { GoneError, NotFoundError, ValidationError } from '../../errors';
import { DEFAULT_STORY_IMAGE_URL } from '../../../shared/default-images';
import { requirePremium } from '../billing/premium';
import { ConcurrentChangeError } from '../concurrency';
import { readStoryContents } from '../chapters/chapter-words';
import type { Repositories } from '../repositories';
import type { MemberRecord, ShareRecord } from './review-repository';
import { activeMember } from './story-access';

/** The name shown for someone whose sign-in gave none. */
export const UNNAMED_PERSON = 'Someone';

/** 128 random bits as 32 hex digits: a link nobody guesses. */
const newShareId = () => randomBytes(16).toString('hex');

const isLive = (share: ShareRecord, now: Date) =>
  !share.revoked_at && !(share.expires_at && Date.parse(share.expires_at) <= now.getTime());

function toShare(share: ShareRecord, origin: string, members?: readonly MemberRecord[]): Share {
  return {
    share_id: share.share_id,
    role: share.role,
    chapters: share.chapters ?? null,
    expires_at: share.expires_at ?? null,
    url: `${origin}/shared/${share.share_id}`,
    created_at: share.created_at,
    ...(members
      ? {
          collaborators: members
            .filter((member) => member.share_id === share.share_id)
            .map((member) => ({
              user_id: member.user_id,
              name: member.name,
              role: member.role,
              joined_at: member.joined_at,
            })),
        }
      : {}),
  };
}

interface ShareContext {
  repositories: Repositories;
  now: Date;
  origin: string;
}

/**
 * POST /api/stories/{storyId}/shares: a new link to the story (or some of its chapters) with a role. On the
 * free plan a story has one live link at a time; a subscription lifts the limit.
 */
export async function createShare(
  { repositories, now, origin }: ShareContext,
  userId: string,
  storyId: string,
  request: CreateShareRequest,
): Promise<Share> {
  const story = await repositories.stories.requireOwned(userId, storyId);
  if (request.expires_at && Date.parse(request.expires_at) <= now.getTime()) {
    throw new ValidationError('A link must expire in the future.');
  }
  const [{ shares }, { chapters }, user] = await Promise.all([
    repositories.shares.listForStory(storyId),
    repositories.chapters.listWithIndex(storyId),
    repositories.users.get(userId),
  ]);
  if (request.chapters) {
    const inStory = new Set(chapters.map((chapter) => chapter.chapter_id));
    if (!request.chapters.every((chapterId) => inStory.has(chapterId))) {
      throw new ValidationError('Every chapter shared must be a chapter of this story.');
    }
  }
  if (shares.some((share) => isLive(share, now))) requirePremium(user, now, FREE_SHARE_LIMIT_MESSAGE);
  const share: ShareRecord = {
    share_id: newShareId(),
    story_id: story.story_id,
    owner_id: userId,
    role: request.role,
    ...(request.chapters ? { chapters: [...new Set(request.chapters)] } : {}),
    ...(request.expires_at ? { expires_at: new Date(request.expires_at).toISOString() } : {}),
    created_at: now.toISOString(),
  };
  await repositories.commit([
    repositories.stories.existsCondition(userId, storyId),
    ...repositories.shares.createItems(share),
  ]);
  return toShare(share, origin);
}

/** GET /api/stories/{storyId}/shares: the story's live links, newest first, each with who joined by it. */
export async function listShares(
  { repositories, now, origin }: ShareContext,
  userId: string,
  storyId: string,
): Promise<Share[]> {
  await repositories.stories.requireOwned(userId, storyId);
  const { shares, members } = await repositories.shares.listForStory(storyId);
  return shares
    .filter((share) => isLive(share, now))
    .sort((first, second) => second.created_at.localeCompare(first.created_at))
    .map((share) => toShare(share, origin, members));
}

/**
 * DELETE /api/stories/{storyId}/shares/{shareId}: revokes the link at once. It is marked revoked first, so no
 * one joins by it any more, then everyone who joined by it loses their access; a revoke stopped half-way is
 * finished by sending it again.
 */
export async function revokeShare(
  repositories: Repositories,
  userId: string,
  storyId: string,
  shareId: string,
  now: Date,
): Promise<void> {
  await repositories.stories.requireOwned(userId, storyId);
  const { shares, members } = await repositories.shares.listForStory(storyId);
  if (!shares.some((share) => share.share_id === shareId)) throw new NotFoundError(SHARE_NOT_FOUND_MESSAGE);
  await repositories.commit([repositories.shares.revokeItem(storyId, shareId, now)]);
  await repositories.shares.deleteMembers(members.filter((member) => member.share_id === shareId));
}

/**
 * POST /api/shares/{shareId}/join: whoever opens the link, signed in with any account, joins the story with the
 * link's role (a later link of the same story replaces an earlier one's role). The author opening their own
 * link joins nothing and is told their story. 404 for no such link, 410 once it expired or was revoked.
 */
export async function joinShare(
  repositories: Repositories,
  userId: string,
  shareId: string,
  now: Date,
): Promise<JoinShareResponse> {
  const share = await repositories.shares.find(shareId);
  if (!share) throw new NotFoundError(SHARE_NOT_FOUND_MESSAGE);
  if (share.revoked_at) throw new GoneError(SHARE_REVOKED_MESSAGE);
  if (share.expires_at && Date.parse(share.expires_at) <= now.getTime()) {
    throw new GoneError(SHARE_EXPIRED_MESSAGE);
  }
  if (share.owner_id === userId) return { story_id: share.story_id, role: share.role };
  const [joiner, author, [story]] = await Promise.all([
    repositories.users.get(userId),
    repositories.users.get(share.owner_id),
    repositories.stories.getOwned(share.owner_id, [share.story_id]),
  ]);
  if (!story) throw new GoneError(SHARE_REVOKED_MESSAGE);
  const member: MemberRecord = {
    story_id: share.story_id,
    user_id: userId,
    owner_id: share.owner_id,
    share_id: share.share_id,
    role: share.role,
    ...(share.chapters ? { chapters: share.chapters } : {}),
    ...(share.expires_at ? { expires_at: share.expires_at } : {}),
    name: joiner?.name || UNNAMED_PERSON,
    author_name: author?.name || UNNAMED_PERSON,
    joined_at: now.toISOString(),
  };
  try {
    await repositories.commit(repositories.shares.joinItems(member));
  } catch (error) {
    // The link was revoked between the read and the join.
    if (error instanceof ConcurrentChangeError) throw new GoneError(SHARE_REVOKED_MESSAGE);
    throw error;
  }
  return { story_id: share.story_id, role: share.role };
}

/**
 * GET /api/shared: the stories shared with me and still reachable, newest first, each with the chapters I may
 * read and the replies to my threads I have not seen.
 */
export async function listSharedWithMe(
  repositories: Repositories,
  userId: string,
  now: Date,
): Promise<SharedStory[]> {
  const joined = await repositories.shares.listJoined(userId);
  if (joined.length === 0) return [];
  const members = (
    await repositories.shares.getMembers(
      userId,
      joined.map((entry) => entry.story_id),
    )
  ).filter((member) => activeMember(member, now));
  const shared = await Promise.all(
    members.map(async (member) => {
      const [[story], unread] = await Promise.all([
        repositories.stories.getOwned(member.owner_id, [member.story_id]),
        repositories
          .read({ unread: repositories.comments.getUnreadRead(member.story_id, userId) })
          .then((found) => found.unread),
      ]);
      if (!story) return undefined;
      const reached = new Set(member.chapters ?? []);
      const contents = await readStoryContents(
        repositories,
        story,
        (chapterId) => !member.chapters || reached.has(chapterId),
      );
      const entry: SharedStory = {
        story_id: story.story_id,
        title: story.title,
        image_url: story.image_url || DEFAULT_STORY_IMAGE_URL,
        author: { name: member.author_name || UNNAMED_PERSON },
        role: member.role,
        chapters: contents.chapters.map((chapter) => ({
          chapter_id: chapter.chapter_id,
          title: chapter.title,
        })),
        unread_replies: unread,
        joined_at: member.joined_at,
      };
      return entry;
    }),
  );
  return shared
    .filter((entry) => entry !== undefined)
    .sort((first, second) => second.joined_at.localeCompare(first.joined_at));
}
