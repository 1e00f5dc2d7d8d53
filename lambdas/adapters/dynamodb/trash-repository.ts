import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ChapterRecord } from '../../domain/chapters/chapter-repository';
import type { StoryRecord } from '../../domain/stories/story-repository';
import type {
  DuePurge,
  TrashedChapter,
  TrashedStory,
  TrashRepository,
} from '../../domain/trash/trash-repository';
import type { Database } from './document-client';
import {
  purgeCursorKey,
  purgeDayPartitionKey,
  purgeEntryKey,
  TRASH_SORT_KEY_PREFIX,
  trashedChapterKey,
  trashedChaptersOfStoryPrefix,
  trashedStoryKey,
  TRASHED_STORY_SORT_KEY_PREFIX,
} from './keys/trash-keys';
import { userPartitionKey } from './keys/user-keys';
import { asWrite, getItem, queryAll, type TableItem } from './table';

/** The UTC day of an ISO timestamp, under which an entry is filed for the purge. */
const dayOf = (isoTimestamp: string) => isoTimestamp.slice(0, 10);

function storyFromItem(item: TableItem): TrashedStory {
  return {
    user_id: item.user_id as string,
    story: item.story as StoryRecord,
    deleted_at: item.deleted_at as string,
  };
}

function chapterFromItem(item: TableItem): TrashedChapter {
  return {
    user_id: item.user_id as string,
    chapter: item.chapter as ChapterRecord,
    place: item.place as number,
    deleted_at: item.deleted_at as string,
  };
}

const byDeletion = (a: { deleted_at: string }, b: { deleted_at: string }) =>
  a.deleted_at.localeCompare(b.deleted_at);

export class DynamoDbTrashRepository implements TrashRepository {
  constructor(private readonly database: Database) {}

  async list(userId: string) {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :trash)',
      ExpressionAttributeValues: { ':owner': userPartitionKey(userId), ':trash': TRASH_SORT_KEY_PREFIX },
      ConsistentRead: true,
    });
    const isStory = (item: TableItem) => (item.SK as string).startsWith(TRASHED_STORY_SORT_KEY_PREFIX);
    return {
      stories: items.filter(isStory).map(storyFromItem).sort(byDeletion),
      chapters: items
        .filter((item) => !isStory(item))
        .map(chapterFromItem)
        .sort(byDeletion),
    };
  }

  async getStory(userId: string, storyId: string) {
    return getItem(this.database, trashedStoryKey(userId, storyId), storyFromItem);
  }

  async getChapter(userId: string, storyId: string, chapterId: string) {
    return getItem(this.database, trashedChapterKey(userId, storyId, chapterId), chapterFromItem);
  }

  async listChapters(userId: string, storyId: string) {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :chapters)',
      ExpressionAttributeValues: {
        ':owner': userPartitionKey(userId),
        ':chapters': trashedChaptersOfStoryPrefix(storyId),
      },
      ConsistentRead: true,
    });
    return items.map(chapterFromItem).sort(byDeletion);
  }

  private putItems(key: { PK: string; SK: string }, item: TableItem, due: DuePurge) {
    return [
      asWrite({
        Put: {
          TableName: this.database.tableName,
          Item: { ...key, entity: 'trash', ...item },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }),
      asWrite({
        Put: {
          TableName: this.database.tableName,
          Item: { ...purgeEntryKey(dayOf(due.deleted_at), key.SK, due.user_id), entity: 'purge', ...due },
        },
      }),
    ];
  }

  private removeItems(key: { PK: string; SK: string }, userId: string, deletedAt: string) {
    return [
      asWrite({
        Delete: {
          TableName: this.database.tableName,
          Key: key,
          ConditionExpression: 'attribute_exists(PK)',
        },
      }),
      asWrite({
        Delete: {
          TableName: this.database.tableName,
          Key: purgeEntryKey(dayOf(deletedAt), key.SK, userId),
        },
      }),
    ];
  }

  putStoryItems(trashed: TrashedStory) {
    return this.putItems(
      trashedStoryKey(trashed.user_id, trashed.story.story_id),
      { ...trashed },
      {
        kind: 'story',
        user_id: trashed.user_id,
        story_id: trashed.story.story_id,
        deleted_at: trashed.deleted_at,
      },
    );
  }

  putChapterItems(trashed: TrashedChapter) {
    const { story_id: storyId, chapter_id: chapterId } = trashed.chapter;
    return this.putItems(
      trashedChapterKey(trashed.user_id, storyId, chapterId),
      { ...trashed },
      {
        kind: 'chapter',
        user_id: trashed.user_id,
        story_id: storyId,
        chapter_id: chapterId,
        deleted_at: trashed.deleted_at,
      },
    );
  }

  removeStoryItems(trashed: TrashedStory) {
    return this.removeItems(
      trashedStoryKey(trashed.user_id, trashed.story.story_id),
      trashed.user_id,
      trashed.deleted_at,
    );
  }

  removeChapterItems(trashed: TrashedChapter) {
    const { story_id: storyId, chapter_id: chapterId } = trashed.chapter;
    return this.removeItems(
      trashedChapterKey(trashed.user_id, storyId, chapterId),
      trashed.user_id,
      trashed.deleted_at,
    );
  }

  async listDeletedOn(day: string): Promise<DuePurge[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :day',
      ExpressionAttributeValues: { ':day': purgeDayPartitionKey(day) },
      ConsistentRead: true,
    });
    return items.map((item) =>
      item.kind === 'story'
        ? {
            kind: 'story',
            user_id: item.user_id as string,
            story_id: item.story_id as string,
            deleted_at: item.deleted_at as string,
          }
        : {
            kind: 'chapter',
            user_id: item.user_id as string,
            story_id: item.story_id as string,
            chapter_id: item.chapter_id as string,
            deleted_at: item.deleted_at as string,
          },
    );
  }

  async purgedThrough() {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: purgeCursorKey(), ConsistentRead: true }),
    );
    return Item?.day as string | undefined;
  }

  async setPurgedThrough(day: string) {
    await this.database.client.send(
      new PutCommand({ TableName: this.database.tableName, Item: { ...purgeCursorKey(), day } }),
    );
  }
}
