import type { TextAnchor } from '../../../shared/anchoring';
import type {
  ChapterReview,
  CommentRecord,
  CommentRepository,
  ReplyRecord,
  SuggestionRecord,
} from '../../domain/review/review-repository';
import type { Database } from './document-client';
import {
  chapterCommentsPrefix,
  chapterSuggestionsPrefix,
  commentKey,
  commentRateKey,
  REPLY_SORT_KEY_PART,
  replyKey,
  reviewChapterKey,
  reviewCountKey,
  suggestionKey,
  unreadKey,
} from './keys/review-keys';
import { storyPartitionKey } from './keys/story-keys';
import {
  asRead,
  asWrite,
  boundedCountWrite,
  getItem,
  queryAll,
  type TableItem,
  type TableKey,
} from './table';

function commentFromItem(item: TableItem): CommentRecord {
  return {
    comment_id: item.comment_id as string,
    chapter_id: item.chapter_id as string,
    author_id: item.author_id as string,
    author_name: item.author_name as string,
    body: item.body as string,
    anchor: item.anchor as TextAnchor,
    resolved: item.resolved === true,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
    participants: (item.participants as string[] | undefined) ?? [item.author_id as string],
  };
}

function replyFromItem(item: TableItem): ReplyRecord {
  return {
    reply_id: item.reply_id as string,
    comment_id: item.comment_id as string,
    chapter_id: item.chapter_id as string,
    author_id: item.author_id as string,
    author_name: item.author_name as string,
    body: item.body as string,
    created_at: item.created_at as string,
  };
}

function suggestionFromItem(item: TableItem): SuggestionRecord {
  return {
    suggestion_id: item.suggestion_id as string,
    chapter_id: item.chapter_id as string,
    author_id: item.author_id as string,
    author_name: item.author_name as string,
    anchor: item.anchor as TextAnchor,
    replacement: item.replacement as string,
    status: item.status as SuggestionRecord['status'],
    created_at: item.created_at as string,
    ...(item.decided_at ? { decided_at: item.decided_at as string } : {}),
  };
}

function readOne<T>(key: TableKey, fromItem: (item: TableItem) => T) {
  return asRead({
    keys: [key],
    answer: (found) => {
      const item = found(key);
      return item ? fromItem(item) : undefined;
    },
  });
}

const RATE_WINDOW_SECONDS = 60;

export class DynamoDbCommentRepository implements CommentRepository {
  constructor(private readonly database: Database) {}

  private query(storyId: string, prefix: string) {
    return queryAll(this.database, {
      KeyConditionExpression: 'PK = :story AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':story': storyPartitionKey(storyId), ':prefix': prefix },
      ConsistentRead: true,
    });
  }

  async readChapter(storyId: string, chapterId: string): Promise<ChapterReview> {
    const [commentItems, suggestionItems] = await Promise.all([
      this.query(storyId, chapterCommentsPrefix(chapterId)),
      this.query(storyId, chapterSuggestionsPrefix(chapterId)),
    ]);
    const threads = new Map<string, { comment: CommentRecord; replies: ReplyRecord[] }>();
    const replies: ReplyRecord[] = [];
    for (const item of commentItems) {
      if ((item.SK as string).includes(REPLY_SORT_KEY_PART)) replies.push(replyFromItem(item));
      else threads.set(item.comment_id as string, { comment: commentFromItem(item), replies: [] });
    }
    for (const reply of replies) threads.get(reply.comment_id)?.replies.push(reply);
    for (const thread of threads.values()) {
      thread.replies.sort((first, second) => first.created_at.localeCompare(second.created_at));
    }
    return { comments: [...threads.values()], suggestions: suggestionItems.map(suggestionFromItem) };
  }

  findChapterOf(storyId: string, reviewId: string): Promise<string | undefined> {
    return getItem(this.database, reviewChapterKey(storyId, reviewId), (item) => item.chapter_id as string);
  }

  private chapterRecordItem(storyId: string, reviewId: string, chapterId: string) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: { ...reviewChapterKey(storyId, reviewId), entity: 'review-chapter', chapter_id: chapterId },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }

  getCommentRead(storyId: string, chapterId: string, commentId: string) {
    return readOne(commentKey(storyId, chapterId, commentId), commentFromItem);
  }

  getSuggestionRead(storyId: string, chapterId: string, suggestionId: string) {
    return readOne(suggestionKey(storyId, chapterId, suggestionId), suggestionFromItem);
  }

  countItem(storyId: string, chapterId: string, change: number, limit: number) {
    return boundedCountWrite(
      this.database,
      reviewCountKey(storyId, chapterId),
      'review-count',
      change,
      limit,
    );
  }

  putCommentItems(storyId: string, comment: CommentRecord) {
    return [
      asWrite({
        Put: {
          TableName: this.database.tableName,
          Item: {
            ...commentKey(storyId, comment.chapter_id, comment.comment_id),
            entity: 'comment',
            ...comment,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }),
      this.chapterRecordItem(storyId, comment.comment_id, comment.chapter_id),
    ];
  }

  updateCommentItem(
    storyId: string,
    comment: Pick<CommentRecord, 'chapter_id' | 'comment_id'>,
    change: { body?: string; resolved?: boolean; participants?: string[] },
    expectedUpdatedAt: string,
    now: Date,
  ) {
    const sets = ['updated_at = :now'];
    const values: Record<string, unknown> = { ':now': now.toISOString(), ':expected': expectedUpdatedAt };
    if (change.body !== undefined) {
      sets.push('#body = :body');
      values[':body'] = change.body;
    }
    if (change.resolved !== undefined) {
      sets.push('resolved = :resolved');
      values[':resolved'] = change.resolved;
    }
    if (change.participants !== undefined) {
      sets.push('participants = :participants');
      values[':participants'] = change.participants;
    }
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: commentKey(storyId, comment.chapter_id, comment.comment_id),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'updated_at = :expected',
        ...(change.body === undefined ? {} : { ExpressionAttributeNames: { '#body': 'body' } }),
        ExpressionAttributeValues: values,
      },
    });
  }

  deleteCommentItems(
    storyId: string,
    comment: Pick<CommentRecord, 'chapter_id' | 'comment_id'>,
    replyIds: readonly string[],
  ) {
    const table = this.database.tableName;
    return [
      asWrite({
        Delete: {
          TableName: table,
          Key: commentKey(storyId, comment.chapter_id, comment.comment_id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      }),
      asWrite({ Delete: { TableName: table, Key: reviewChapterKey(storyId, comment.comment_id) } }),
      ...replyIds.map((replyId) =>
        asWrite({
          Delete: {
            TableName: table,
            Key: replyKey(storyId, comment.chapter_id, comment.comment_id, replyId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        }),
      ),
    ];
  }

  putReplyItem(storyId: string, reply: ReplyRecord) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...replyKey(storyId, reply.chapter_id, reply.comment_id, reply.reply_id),
          entity: 'comment-reply',
          ...reply,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }

  putSuggestionItems(storyId: string, suggestion: SuggestionRecord) {
    return [
      asWrite({
        Put: {
          TableName: this.database.tableName,
          Item: {
            ...suggestionKey(storyId, suggestion.chapter_id, suggestion.suggestion_id),
            entity: 'suggestion',
            ...suggestion,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }),
      this.chapterRecordItem(storyId, suggestion.suggestion_id, suggestion.chapter_id),
    ];
  }

  decideSuggestionItem(
    storyId: string,
    suggestion: SuggestionRecord,
    status: 'accepted' | 'rejected',
    now: Date,
  ) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: suggestionKey(storyId, suggestion.chapter_id, suggestion.suggestion_id),
        UpdateExpression: 'SET #status = :status, decided_at = :now',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':now': now.toISOString(), ':open': 'open' },
      },
    });
  }

  addUnreadItems(storyId: string, userIds: readonly string[], change: number) {
    return userIds.map((userId) =>
      asWrite({
        Update: {
          TableName: this.database.tableName,
          Key: unreadKey(storyId, userId),
          UpdateExpression: 'SET #entity = :entity ADD unread :change',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ExpressionAttributeValues: { ':entity': 'unread-comments', ':change': change },
        },
      }),
    );
  }

  getUnreadRead(storyId: string, userId: string) {
    const key = unreadKey(storyId, userId);
    return asRead({
      keys: [key],
      answer: (found) => Math.max(0, (found(key)?.unread as number | undefined) ?? 0),
    });
  }

  markSeenItem(storyId: string, userId: string) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: unreadKey(storyId, userId),
        UpdateExpression: 'SET #entity = :entity, unread = :none',
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: { ':entity': 'unread-comments', ':none': 0 },
      },
    });
  }

  rateItem(userId: string, now: Date, limit: number) {
    const minute = now.toISOString().slice(0, 16);
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: commentRateKey(userId, minute),
        UpdateExpression: 'SET #entity = :entity, #ttl = if_not_exists(#ttl, :expires) ADD #writes :one',
        ConditionExpression: 'attribute_not_exists(#writes) OR #writes < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl', '#entity': 'entity', '#writes': 'writes' },
        ExpressionAttributeValues: {
          ':entity': 'comment-rate',
          ':expires': Math.floor(now.getTime() / 1000) + 2 * RATE_WINDOW_SECONDS,
          ':one': 1,
          ':limit': limit,
        },
      },
    });
  }
}
