import type { Database } from '../../ports';
import { ownedStoryKey, requireOwnedStory } from '../ownership';
import {
  batchGetAll,
  partitionKeys,
  queryAll,
  type TableItem,
  type TableKey,
  type TransactionItem,
} from '../table';

/**
 * Stories. The story item lives in its owner's partition (`USER#<uid>` / `STORY#<sid>`), so the owner's list is
 * one Query and ownership one key read. Everything else of a story lives in its own partition,
 * `STORY#<sid>` (chapters, settings, associations, outline), which a cascading delete empties.
 */
export const storyPartitionKey = (storyId: string) => `STORY#${storyId}`;

export interface StoryRecord {
  story_id: string;
  title: string;
  description: string;
  image_url: string;
  /** The series the story is a volume of; the series item holds its place (see SeriesRepository). */
  series_id?: string;
  created_at: string;
  updated_at: string;
}

export type StoryDetails = Pick<StoryRecord, 'title' | 'description' | 'image_url'>;

function fromItem(item: TableItem): StoryRecord {
  return {
    story_id: item.story_id as string,
    title: item.title as string,
    description: item.description as string,
    image_url: (item.image_url as string | undefined) ?? '',
    ...(item.series_id ? { series_id: item.series_id as string } : {}),
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

/** A write that moves a story between series must find it where the caller read it. */
function seriesCondition(expectedSeriesId: string | undefined) {
  return expectedSeriesId
    ? { expression: '#series = :expectedSeries', values: { ':expectedSeries': expectedSeriesId } }
    : { expression: 'attribute_not_exists(#series)', values: {} };
}

export class StoryRepository {
  constructor(private readonly database: Database) {}

  /** The caller's story, or 404 whether it is missing or someone else's. */
  async requireOwned(userId: string, storyId: string): Promise<StoryRecord> {
    return fromItem(await requireOwnedStory(this.database, userId, storyId));
  }

  async listOwned(userId: string): Promise<StoryRecord[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :story)',
      ExpressionAttributeValues: { ':owner': `USER#${userId}`, ':story': 'STORY#' },
    });
    return items.map(fromItem);
  }

  /** The caller's stories among the ids; ids that are not the caller's are left out. */
  async getOwned(userId: string, storyIds: string[]): Promise<StoryRecord[]> {
    const items = await batchGetAll(
      this.database,
      storyIds.map((storyId) => ownedStoryKey(userId, storyId)),
    );
    return items.map(fromItem);
  }

  createItem(userId: string, story: StoryRecord): TransactionItem {
    return {
      Put: {
        TableName: this.database.tableName,
        Item: { ...ownedStoryKey(userId, story.story_id), entity: 'story', ...story },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }

  /** Sets the details and the series (none: standalone), if the story is still in `expectedSeriesId`. */
  updateItem(
    userId: string,
    storyId: string,
    change: { details: StoryDetails; seriesId: string | undefined; expectedSeriesId: string | undefined },
    now: Date,
  ): TransactionItem {
    const condition = seriesCondition(change.expectedSeriesId);
    return {
      Update: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        UpdateExpression: `SET title = :title, description = :description, image_url = :image, updated_at = :now${
          change.seriesId ? ', #series = :series' : ' REMOVE #series'
        }`,
        ConditionExpression: `attribute_exists(PK) AND ${condition.expression}`,
        ExpressionAttributeNames: { '#series': 'series_id' },
        ExpressionAttributeValues: {
          ':title': change.details.title,
          ':description': change.details.description,
          ':image': change.details.image_url,
          ':now': now.toISOString(),
          ...(change.seriesId ? { ':series': change.seriesId } : {}),
          ...condition.values,
        },
      },
    };
  }

  /** Moves the story into a series (or out of every series), if it is still in `expectedSeriesId`. */
  setSeriesItem(
    userId: string,
    storyId: string,
    seriesId: string | undefined,
    expectedSeriesId: string | undefined,
    now: Date,
  ): TransactionItem {
    const condition = seriesCondition(expectedSeriesId);
    return {
      Update: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        UpdateExpression: seriesId
          ? 'SET #series = :series, updated_at = :now'
          : 'SET updated_at = :now REMOVE #series',
        ConditionExpression: `attribute_exists(PK) AND ${condition.expression}`,
        ExpressionAttributeNames: { '#series': 'series_id' },
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ...(seriesId ? { ':series': seriesId } : {}),
          ...condition.values,
        },
      },
    };
  }

  deleteItem(userId: string, storyId: string, expectedSeriesId: string | undefined): TransactionItem {
    const condition = seriesCondition(expectedSeriesId);
    return {
      Delete: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        ConditionExpression: `attribute_exists(PK) AND ${condition.expression}`,
        ExpressionAttributeNames: { '#series': 'series_id' },
        ...(Object.keys(condition.values).length ? { ExpressionAttributeValues: condition.values } : {}),
      },
    };
  }

  /**
   * Part of every transaction writing into the story's partition: once the story item is gone (a delete has
   * begun), nothing new can appear in the partition behind the cascade's back.
   */
  existsCondition(userId: string, storyId: string): TransactionItem {
    return {
      ConditionCheck: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    };
  }

  /** Every item of the story's partition, whoever wrote it (chapters, settings, associations, outline). */
  contentKeys(storyId: string): Promise<TableKey[]> {
    return partitionKeys(this.database, storyPartitionKey(storyId));
  }
}
