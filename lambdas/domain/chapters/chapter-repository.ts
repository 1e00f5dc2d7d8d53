import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChapterStatus } from '../../../shared/schemas/chapter';
import type { Database } from '../../ports';
import { storyPartitionKey } from '../stories/story-repository';
import { queryAll, type TableItem, type TransactionItem } from '../table';

/**
 * Chapters, in their story's partition: one item per chapter (`STORY#<sid>` / `CHAPTER#<cid>`: title and
 * status) and one index item (`STORY#<sid>` / `CHAPTERS`) holding the chapter ids in order. A chapter's place
 * is its index plus one, so reordering writes one item; the index is versioned so concurrent changes cannot
 * overwrite each other. `begins_with(SK, 'CHAPTER')` reads the chapters and the index in one Query.
 */
const chapterKey = (storyId: string, chapterId: string) => ({
  PK: storyPartitionKey(storyId),
  SK: `CHAPTER#${chapterId}`,
});
const chapterIndexKey = (storyId: string) => ({ PK: storyPartitionKey(storyId), SK: 'CHAPTERS' });

export interface ChapterRecord {
  chapter_id: string;
  story_id: string;
  title: string;
  status: ChapterStatus;
  created_at: string;
  updated_at: string;
}

export interface ChapterIndex {
  chapter_ids: string[];
  /** The version read; 0 when the story has no index yet. */
  version: number;
}

function fromItem(item: TableItem): ChapterRecord {
  return {
    chapter_id: item.chapter_id as string,
    story_id: item.story_id as string,
    title: item.title as string,
    status: item.status as ChapterStatus,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

export class ChapterRepository {
  constructor(private readonly database: Database) {}

  /** The story's chapters and their order, in one consistent Query. */
  async listWithIndex(storyId: string): Promise<{ chapters: ChapterRecord[]; index: ChapterIndex }> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :story AND begins_with(SK, :chapter)',
      ExpressionAttributeValues: { ':story': storyPartitionKey(storyId), ':chapter': 'CHAPTER' },
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
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  createItem(chapter: ChapterRecord): TransactionItem {
    return {
      Put: {
        TableName: this.database.tableName,
        Item: { ...chapterKey(chapter.story_id, chapter.chapter_id), entity: 'chapter', ...chapter },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }

  /** Writes the new order, if the index is still at the version it was read at. */
  saveIndexItem(storyId: string, index: ChapterIndex, chapterIds: string[]): TransactionItem {
    return {
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...chapterIndexKey(storyId),
          entity: 'chapter-index',
          chapter_ids: chapterIds,
          version: index.version + 1,
        },
        ...(index.version === 0
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : {
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': index.version },
            }),
      },
    };
  }

  /** The creation worker's last step; fails if the chapter is gone or was already prepared. */
  markReadyItem(storyId: string, chapterId: string, now: Date): TransactionItem {
    return {
      Update: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        UpdateExpression: 'SET #status = :ready, updated_at = :now',
        ConditionExpression: '#status = :creating',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':ready': 'ready', ':creating': 'creating', ':now': now.toISOString() },
      },
    };
  }

  /** False when there is no such chapter. */
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

  /** A chapter leaves its story: its item and its index entry go together, or neither does. */
  removeItems(storyId: string, index: ChapterIndex, chapterId: string): TransactionItem[] {
    return [
      this.deleteItem(storyId, chapterId),
      this.saveIndexItem(
        storyId,
        index,
        index.chapter_ids.filter((id) => id !== chapterId),
      ),
    ];
  }

  private deleteItem(storyId: string, chapterId: string): TransactionItem {
    return {
      Delete: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    };
  }

  /**
   * Part of every write to a chapter's content: the chapter exists and is ready. A chapter being created
   * takes no content yet, and a deleted one can get none back behind its cascade.
   */
  readyCondition(storyId: string, chapterId: string): TransactionItem {
    return {
      ConditionCheck: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        ConditionExpression: '#status = :ready',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':ready': 'ready' },
      },
    };
  }
}
