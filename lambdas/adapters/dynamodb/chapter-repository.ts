import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChapterStatus } from '../../../shared/schemas/chapter';
import type {
  ChapterIndex,
  ChapterRecord,
  ChapterRepository,
} from '../../domain/chapters/chapter-repository';
import type { Database } from './document-client';
import { CHAPTER_SORT_KEY_PREFIX, chapterIndexKey, chapterKey } from './keys/chapter-keys';
import { storyPartitionKey } from './keys/story-keys';
import { asRead, asWrite, getItem, queryAll, type TableItem, versionCondition } from './table';

function fromItem(item: TableItem): ChapterRecord {
  return {
    chapter_id: item.chapter_id as string,
    story_id: item.story_id as string,
    title: item.title as string,
    status: item.status as ChapterStatus,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
    content_stamp: (item.content_stamp as string | undefined) ?? '',
  };
}

const foundChapter = (item: TableItem | undefined) => (item ? fromItem(item) : undefined);

/** A chapter item written anew always gets a new stamp: a restored chapter trusts nothing cached before. */
function toItem(chapter: ChapterRecord): TableItem {
  return {
    ...chapterKey(chapter.story_id, chapter.chapter_id),
    entity: 'chapter',
    ...chapter,
    content_stamp: randomUUID(),
  };
}

export class DynamoDbChapterRepository implements ChapterRepository {
  constructor(private readonly database: Database) {}

  async listWithIndex(storyId: string): Promise<{ chapters: ChapterRecord[]; index: ChapterIndex }> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :story AND begins_with(SK, :chapter)',
      ExpressionAttributeValues: {
        ':story': storyPartitionKey(storyId),
        ':chapter': CHAPTER_SORT_KEY_PREFIX,
      },
      ConsistentRead: true,
    });
    const indexItem = items.find((item) => item.SK === chapterIndexKey(storyId).SK);
    return {
      chapters: items.filter((item) => item !== indexItem).map(fromItem),
      index: {
        chapter_ids: (indexItem?.chapter_ids as string[] | undefined) ?? [],
        version: (indexItem?.version as number | undefined) ?? 0,
      },
    };
  }

  async get(storyId: string, chapterId: string): Promise<ChapterRecord | undefined> {
    return getItem(this.database, chapterKey(storyId, chapterId), fromItem);
  }

  getRead(storyId: string, chapterId: string) {
    const key = chapterKey(storyId, chapterId);
    return asRead({ keys: [key], answer: (found) => foundChapter(found(key)) });
  }

  createItem(chapter: ChapterRecord) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: toItem(chapter),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }

  saveIndexItem(storyId: string, index: ChapterIndex, chapterIds: string[]) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...chapterIndexKey(storyId),
          entity: 'chapter-index',
          chapter_ids: chapterIds,
          version: index.version + 1,
        },
        ...versionCondition(index.version),
      },
    });
  }

  indexCondition(storyId: string, index: ChapterIndex) {
    return asWrite({
      ConditionCheck: {
        TableName: this.database.tableName,
        Key: chapterIndexKey(storyId),
        ...versionCondition(index.version),
      },
    });
  }

  markReadyItem(storyId: string, chapterId: string, now: Date) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        UpdateExpression: 'SET #status = :ready, updated_at = :now, content_stamp = :stamp',
        ConditionExpression: '#status = :creating',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ready': 'ready',
          ':creating': 'creating',
          ':now': now.toISOString(),
          ':stamp': randomUUID(),
        },
      },
    });
  }

  changeStatusItem(storyId: string, chapterId: string, from: ChapterStatus, to: ChapterStatus, now: Date) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        UpdateExpression: 'SET #status = :to, updated_at = :now',
        ConditionExpression: '#status = :from',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':from': from, ':to': to, ':now': now.toISOString() },
      },
    });
  }

  async rename(storyId: string, chapterId: string, title: string, now: Date): Promise<boolean> {
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: chapterKey(storyId, chapterId),
          UpdateExpression: 'SET title = :title, updated_at = :now',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':title': title, ':now': now.toISOString() },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  removeItems(storyId: string, index: ChapterIndex, chapterId: string) {
    return [
      asWrite({
        Delete: {
          TableName: this.database.tableName,
          Key: chapterKey(storyId, chapterId),
          ConditionExpression: 'attribute_exists(PK)',
        },
      }),
      this.saveIndexItem(
        storyId,
        index,
        index.chapter_ids.filter((id) => id !== chapterId),
      ),
    ];
  }

  /** An update rather than a condition check: the same write units in a transaction, and the stamp changes. */
  contentChangeItem(storyId: string, chapterId: string) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        UpdateExpression: 'SET content_stamp = :stamp',
        ConditionExpression: '#status = :ready',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':ready': 'ready', ':stamp': randomUUID() },
      },
    });
  }

  creatingCondition(storyId: string, chapterId: string) {
    return asWrite({
      ConditionCheck: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        ConditionExpression: '#status = :creating',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':creating': 'creating' },
      },
    });
  }
}
