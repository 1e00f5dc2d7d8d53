import type { ShareRole } from '../../../shared/schemas/review';
import type { TextAnchor } from '../../../shared/anchoring';
import type { Read, Write } from '../unit-of-work';

/**
 * Issue 24's records: the links an author shares a story by, the people who joined through them, where each
 * stopped reading, and the comments and suggestions on the story's chapters. All but the joiner's own list of
 * stories shared with them live with the story, so deleting the story deletes them.
 */

export interface ShareRecord {
  share_id: string;
  story_id: string;
  owner_id: string;
  role: ShareRole;
  /** The chapters shared; absent for the whole story. */
  chapters?: string[];
  expires_at?: string;
  created_at: string;
  /** Set when the author revoked the link; the record stays so that the link answers 410, not 404. */
  revoked_at?: string;
}

/** Someone who joined a story through a share; their access is exactly this record's. */
export interface MemberRecord {
  story_id: string;
  user_id: string;
  owner_id: string;
  share_id: string;
  role: ShareRole;
  chapters?: string[];
  expires_at?: string;
  /** The joiner's name, as the author's list of collaborators and comment threads show it. */
  name: string;
  /** The author's name, as the joiner's reading view shows it. */
  author_name: string;
  joined_at: string;
}

/** A story shared with me, as my own list keeps it: which story, whose. */
export interface JoinedStoryRecord {
  story_id: string;
  owner_id: string;
}

export interface ReadingPositionRecord {
  user_id: string;
  chapter_id: string;
  key_id: string;
  progress: number;
  updated_at: string;
}

export interface ShareRepository {
  /** The share with this id, wherever it is, or undefined. */
  find(shareId: string): Promise<ShareRecord | undefined>;
  /** The story's shares, revoked ones included, and everyone who joined. */
  listForStory(storyId: string): Promise<{ shares: ShareRecord[]; members: MemberRecord[] }>;
  /** Writes a new share (it must not exist). */
  createItems(share: ShareRecord): Write[];
  /** Marks the share revoked, if it is not already; joins are refused from then on. */
  revokeItem(storyId: string, shareId: string, now: Date): Write;
  /** Deletes the memberships (access and my-list entry) of these people. */
  deleteMembers(members: readonly Pick<MemberRecord, 'story_id' | 'user_id'>[]): Promise<void>;
  /** Joins: the membership, if the share is still unrevoked, and the story in the joiner's own list. */
  joinItems(member: MemberRecord): Write[];
  /** My membership of a story, or undefined. */
  getMemberRead(storyId: string, userId: string): Read<MemberRecord | undefined>;
  /** The stories shared with me. */
  listJoined(userId: string): Promise<JoinedStoryRecord[]>;
  /** My memberships of these stories (missing ones left out). */
  getMembers(userId: string, storyIds: string[]): Promise<MemberRecord[]>;
  putReadingPositionItem(storyId: string, position: ReadingPositionRecord): Write;
  /** Everyone's positions in the story, or only this person's. */
  listReadingPositions(storyId: string, userId?: string): Promise<ReadingPositionRecord[]>;
}

export interface CommentRecord {
  comment_id: string;
  chapter_id: string;
  author_id: string;
  author_name: string;
  body: string;
  anchor: TextAnchor;
  resolved: boolean;
  created_at: string;
  updated_at: string;
  /** Everyone who wrote in the thread, its starter first: who hears of a new reply. */
  participants: string[];
}

export interface ReplyRecord {
  reply_id: string;
  comment_id: string;
  chapter_id: string;
  author_id: string;
  author_name: string;
  body: string;
  created_at: string;
}

export type SuggestionStatus = 'open' | 'accepted' | 'rejected';

export interface SuggestionRecord {
  suggestion_id: string;
  chapter_id: string;
  author_id: string;
  author_name: string;
  anchor: TextAnchor;
  replacement: string;
  status: SuggestionStatus;
  created_at: string;
  decided_at?: string;
}

/** A chapter's threads (each with its replies) and suggestions, read together. */
export interface ChapterReview {
  comments: { comment: CommentRecord; replies: ReplyRecord[] }[];
  suggestions: SuggestionRecord[];
}

export interface CommentRepository {
  readChapter(storyId: string, chapterId: string): Promise<ChapterReview>;
  /** The chapter a thread or suggestion of the story is in (the API names them by id alone), or undefined. */
  findChapterOf(storyId: string, reviewId: string): Promise<string | undefined>;
  getCommentRead(storyId: string, chapterId: string, commentId: string): Read<CommentRecord | undefined>;
  getSuggestionRead(
    storyId: string,
    chapterId: string,
    suggestionId: string,
  ): Read<SuggestionRecord | undefined>;
  /**
   * Counts `change` items into the chapter's total, refused (a failed condition) past `limit`; part of every
   * transaction adding or removing comments, replies or suggestions.
   */
  countItem(storyId: string, chapterId: string, change: number, limit: number): Write;
  /** The thread, and the record of its chapter by its id. */
  putCommentItems(storyId: string, comment: CommentRecord): Write[];
  /** Changes a thread found at `updatedAt` (a condition): another change in between fails the write. */
  updateCommentItem(
    storyId: string,
    comment: Pick<CommentRecord, 'chapter_id' | 'comment_id'>,
    change: { body?: string; resolved?: boolean; participants?: string[] },
    expectedUpdatedAt: string,
    now: Date,
  ): Write;
  deleteCommentItems(
    storyId: string,
    comment: Pick<CommentRecord, 'chapter_id' | 'comment_id'>,
    replyIds: readonly string[],
  ): Write[];
  putReplyItem(storyId: string, reply: ReplyRecord): Write;
  putSuggestionItems(storyId: string, suggestion: SuggestionRecord): Write[];
  /** Records the author's decision on an open suggestion (a condition: still open). */
  decideSuggestionItem(
    storyId: string,
    suggestion: SuggestionRecord,
    status: Exclude<SuggestionStatus, 'open'>,
    now: Date,
  ): Write;
  /** Adds `change` to what each person has not yet seen of the story's comments. */
  addUnreadItems(storyId: string, userIds: readonly string[], change: number): Write[];
  getUnreadRead(storyId: string, userId: string): Read<number>;
  markSeenItem(storyId: string, userId: string): Write;
  /** Counts one write by the person in the current minute, refused (a failed condition) past `limit`. */
  rateItem(userId: string, now: Date, limit: number): Write;
}
