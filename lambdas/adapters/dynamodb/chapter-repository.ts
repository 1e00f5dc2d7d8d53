import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ChapterChanges, ChapterStage, ChapterStatus } from '../../../shared/schemas/chapter';
import type {
  ChapterIndex,
  ChapterRecord,
  ChapterRepository,
  ChapterWordCount,
  ContentChange,
  StoredChapterTime,
  StoryChapters,
} from '../../domain/chapters/chapter-repository';
import { inBatches } from '../../domain/in-batches';
import type { Database } from './document-client';
import { CHAPTER_SORT_KEY_PREFIX, chapterIndexKey, chapterKey, ownerListingKey } from './keys/chapter-keys';
import { storyPartitionKey } from './keys/story-keys';
import { userPartitionKey } from './keys/user-keys';
import { tableDefinition } from './table-definition';
import { asRead, asWrite, getItem, queryAll, type TableItem, versionCondition } from './table';

function fromItem(item: TableItem): ChapterRecord {
  return {
    chapter_id: item.chapter_id as string,
    story_id: item.story_id as string,
    title: item.title as string,
    status: item.status as ChapterStatus,
    synopsis: item.synopsis as string | undefined,
    stage: item.stage as ChapterStage | undefined,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
    content_stamp: (item.content_stamp as string | undefined) ?? '',
    // A count added to by saves before the chapter was counted whole is not the chapter's count.
    word_count: item.words_counted === true ? (item.word_count as number) : undefined,
    edited_at: item.edited_at as string | undefined,
    ...(item.story_time ? { story_time: item.story_time as StoredChapterTime } : {}),
  };
}

const foundChapter = (item: TableItem | undefined) => (item ? fromItem(item) : undefined);

function indexFromItem(item: TableItem | undefined): ChapterIndex {
  return {
    chapter_ids: (item?.chapter_ids as string[] | undefined) ?? [],
    version: (item?.version as number | undefined) ?? 0,
  };
}

/**
 * A chapter item written anew always gets a new stamp: a restored chapter trusts nothing cached before. It is
 * listed under its author from the start.
 */
function toItem(userId: string, chapter: ChapterRecord): TableItem {
  const key = chapterKey(chapter.story_id, chapter.chapter_id);
  return {
    ...key,
    ...ownerListingKey(userId, key),
    entity: 'chapter',
    ...chapter,
    ...(chapter.word_count === undefined ? {} : { words_counted: true }),
    content_stamp: randomUUID(),
  };
}

/** Stories listed alone at once when their chapters are not listed under the author yet. */
const PARALLEL_UNLISTED_STORY_READS = 8;

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
      index: indexFromItem(indexItem),
    };
  }

  /**
   * One Query of the author's listing, read page by page. A story is taken from the listing once its index is
   * listed: the index is listed at the story's creation, or by `listUnderOwner` after every chapter, so a
   * listed index means every chapter of the story is listed too. The others (stories written before the
   * listing existed, or created a moment ago and not yet in the eventually consistent index) are read alone
   * and listed, so each is read alone once.
   */
  async listOfStories(userId: string, storyIds: string[]): Promise<Map<string, StoryChapters>> {
    const wanted = new Set(storyIds);
    const listed = new Map<string, { chapters: ChapterRecord[]; index?: ChapterIndex }>();
    const items = await queryAll(this.database, {
      IndexName: tableDefinition.chaptersByOwner.indexName,
      KeyConditionExpression: 'owner_PK = :owner',
      ExpressionAttributeValues: { ':owner': userPartitionKey(userId) },
    });
    for (const item of items) {
      const storyId = item.story_id as string;
      if (!wanted.has(storyId)) continue;
      const story = listed.get(storyId) ?? { chapters: [] };
      listed.set(storyId, story);
      if (item.entity === 'chapter-index') story.index = indexFromItem(item);
      else story.chapters.push(fromItem(item));
    }
    const answer = new Map<string, StoryChapters>();
    const unlisted: string[] = [];
    for (const storyId of storyIds) {
      const story = listed.get(storyId);
      if (story?.index) answer.set(storyId, { chapters: story.chapters, index: story.index });
      else unlisted.push(storyId);
    }
    await inBatches(unlisted, PARALLEL_UNLISTED_STORY_READS, async (storyId) => {
      const story = await this.listWithIndex(storyId);
      answer.set(storyId, story);
      await this.listUnderOwner(userId, storyId, story);
    });
    return answer;
  }

  /**
   * Lists a story's chapters under its author, its index last (see `listOfStories`). Items deleted meanwhile
   * are left alone; a story with no index item yet gets listed when its index is created and read again.
   */
  private async listUnderOwner(userId: string, storyId: string, story: StoryChapters): Promise<void> {
    const list = (key: { PK: string; SK: string }) => {
      const listing = ownerListingKey(userId, key);
      return this.database.client
        .send(
          new UpdateCommand({
            TableName: this.database.tableName,
            Key: key,
            UpdateExpression: 'SET owner_PK = :ownerPartition, owner_SK = :ownerSort, story_id = :story',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: {
              ':ownerPartition': listing.owner_PK,
              ':ownerSort': listing.owner_SK,
              ':story': storyId,
            },
          }),
        )
        .catch((error: unknown) => {
          if (!(error instanceof ConditionalCheckFailedException)) throw error;
        });
    };
    await Promise.all(story.chapters.map((chapter) => list(chapterKey(storyId, chapter.chapter_id))));
    await list(chapterIndexKey(storyId));
  }

  async get(storyId: string, chapterId: string): Promise<ChapterRecord | undefined> {
    return getItem(this.database, chapterKey(storyId, chapterId), fromItem);
  }

  getRead(storyId: string, chapterId: string) {
    const key = chapterKey(storyId, chapterId);
    return asRead({ keys: [key], answer: (found) => foundChapter(found(key)) });
  }

  createItem(userId: string, chapter: ChapterRecord) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: toItem(userId, chapter),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }

  createIndexItem(userId: string, storyId: string, chapterIds: string[]) {
    const key = chapterIndexKey(storyId);
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...key,
          ...ownerListingKey(userId, key),
          entity: 'chapter-index',
          story_id: storyId,
          chapter_ids: chapterIds,
          version: 1,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }

  /** An update, so the index keeps its listing under the author (or stays unlisted until `listOfStories`). */
  saveIndexItem(storyId: string, index: ChapterIndex, chapterIds: string[]) {
    const condition = versionCondition(index.version);
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: chapterIndexKey(storyId),
        UpdateExpression: 'SET entity = :entity, story_id = :story, chapter_ids = :ids, version = :next',
        ConditionExpression: condition.ConditionExpression,
        ExpressionAttributeValues: {
          ...condition.ExpressionAttributeValues,
          ':entity': 'chapter-index',
          ':story': storyId,
          ':ids': chapterIds,
          ':next': index.version + 1,
        },
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

  markReadyItem(storyId: string, chapterId: string, now: Date, words: number) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        UpdateExpression:
          'SET #status = :ready, updated_at = :now, edited_at = :now, content_stamp = :stamp, word_count = :words, words_counted = :counted',
        ConditionExpression: '#status = :creating',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ready': 'ready',
          ':creating': 'creating',
          ':now': now.toISOString(),
          ':stamp': randomUUID(),
          ':words': words,
          ':counted': true,
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

  async update(storyId: string, chapterId: string, changes: ChapterChanges, now: Date): Promise<boolean> {
    const set = ['title = :title', 'updated_at = :now'];
    const remove: string[] = [];
    const values: Record<string, unknown> = { ':title': changes.title, ':now': now.toISOString() };
    // Left out: unchanged; null: removed, so an unset synopsis or stage reads as on a chapter that never had one.
    for (const field of ['synopsis', 'stage'] as const) {
      const value = changes[field];
      if (value === null) remove.push(field);
      else if (value !== undefined) {
        set.push(`${field} = :${field}`);
        values[`:${field}`] = value;
      }
    }
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: chapterKey(storyId, chapterId),
          UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async setTime(
    storyId: string,
    chapterId: string,
    time: StoredChapterTime | undefined,
    now: Date,
  ): Promise<boolean> {
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: chapterKey(storyId, chapterId),
          UpdateExpression: time
            ? 'SET story_time = :time, updated_at = :now'
            : 'SET updated_at = :now REMOVE story_time',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':now': now.toISOString(), ...(time ? { ':time': time } : {}) },
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
  contentChangeItem(storyId: string, chapterId: string, change: ContentChange) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: chapterKey(storyId, chapterId),
        UpdateExpression: 'SET content_stamp = :stamp, edited_at = :at ADD word_count :words',
        ConditionExpression: '#status = :ready',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':ready': 'ready',
          ':stamp': randomUUID(),
          ':at': change.at.toISOString(),
          ':words': change.words,
        },
      },
    });
  }

  async recordWordCount(storyId: string, chapterId: string, count: ChapterWordCount): Promise<boolean> {
    try {
      await this.database.client.send(
        new UpdateCommand({
          TableName: this.database.tableName,
          Key: chapterKey(storyId, chapterId),
          UpdateExpression: 'SET word_count = :words, words_counted = :counted',
          // A chapter from before content stamps has none until its first write.
          ConditionExpression: count.content_stamp
            ? 'content_stamp = :stamp'
            : 'attribute_exists(PK) AND attribute_not_exists(content_stamp)',
          ExpressionAttributeValues: {
            ':words': count.words,
            ':counted': true,
            ...(count.content_stamp ? { ':stamp': count.content_stamp } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
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
