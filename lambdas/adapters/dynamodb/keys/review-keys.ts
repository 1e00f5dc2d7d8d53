import { storyPartitionKey } from './story-keys';
import { userPartitionKey } from './user-keys';

/**
 * Issue 24's items. A share, its members, reading positions, unread counts, comments and suggestions live in
 * the story's partition (`STORY#<sid>`), so the story's cascading delete takes them; a share is also found by
 * its id alone (`SHARE#<id>` / `SHARE`), and a joiner's list of stories shared with them is in their own
 * partition (`USER#<uid>` / `JOINED#<sid>`: outside the SERIES#…STORY# range the story list reads).
 */
export const SHARE_SORT_KEY_PREFIX = 'SHARE#';
export const storyShareKey = (storyId: string, shareId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${SHARE_SORT_KEY_PREFIX}${shareId}`,
});
export const shareLookupKey = (shareId: string) => ({ PK: `SHARE#${shareId}`, SK: 'SHARE' });

export const MEMBER_SORT_KEY_PREFIX = 'MEMBER#';
export const memberKey = (storyId: string, userId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${MEMBER_SORT_KEY_PREFIX}${userId}`,
});

export const JOINED_SORT_KEY_PREFIX = 'JOINED#';
export const joinedStoryKey = (userId: string, storyId: string) => ({
  PK: userPartitionKey(userId),
  SK: `${JOINED_SORT_KEY_PREFIX}${storyId}`,
});

export const READING_SORT_KEY_PREFIX = 'READING#';
export const readingPositionKey = (storyId: string, userId: string, chapterId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${READING_SORT_KEY_PREFIX}${userId}#${chapterId}`,
});

export const unreadKey = (storyId: string, userId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `UNREAD#${userId}`,
});

/** A chapter's threads sort together, each followed by its replies: `COMMENT#<cid>#<commentId>[#REPLY#<rid>]`. */
export const chapterCommentsPrefix = (chapterId: string) => `COMMENT#${chapterId}#`;
export const commentKey = (storyId: string, chapterId: string, commentId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${chapterCommentsPrefix(chapterId)}${commentId}`,
});
export const REPLY_SORT_KEY_PART = '#REPLY#';
export const replyKey = (storyId: string, chapterId: string, commentId: string, replyId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${chapterCommentsPrefix(chapterId)}${commentId}${REPLY_SORT_KEY_PART}${replyId}`,
});

export const chapterSuggestionsPrefix = (chapterId: string) => `SUGGESTION#${chapterId}#`;
export const suggestionKey = (storyId: string, chapterId: string, suggestionId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `${chapterSuggestionsPrefix(chapterId)}${suggestionId}`,
});

/** The chapter of a thread or suggestion, found by its id alone (the API's paths carry no chapter). */
export const reviewChapterKey = (storyId: string, reviewId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `REVIEWID#${reviewId}`,
});

/** How many comments, replies and suggestions a chapter holds. */
export const reviewCountKey = (storyId: string, chapterId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `REVIEWCOUNT#${chapterId}`,
});

/** One person's comment writes in one minute (`YYYY-MM-DDTHH:MM`), gone by TTL after. */
export const commentRateKey = (userId: string, minute: string) => ({
  PK: userPartitionKey(userId),
  SK: `COMMENTRATE#${minute}`,
});
