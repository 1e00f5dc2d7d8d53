import type { StoryImport } from '../../../shared/schemas/story';
import type { CalendarRules } from '../../../shared/schemas/story-time';
import type { Library, StoryRecord, StoryRepository } from '../../domain/stories/story-repository';
import { NotFoundError } from '../../errors';
import type { Database } from './document-client';
import { chapterIndexKey } from './keys/chapter-keys';
import { SERIES_SORT_KEY_PREFIX } from './keys/series-keys';
import { ownedStoryKey, STORY_SORT_KEY_PREFIX, storyPartitionKey } from './keys/story-keys';
import { userPartitionKey } from './keys/user-keys';
import { seriesFromItem } from './series-repository';
import { asRead, asWrite, batchGetAll, deletePartition, getItem, queryAll, type TableItem } from './table';

function fromItem(item: TableItem): StoryRecord {
  return {
    story_id: item.story_id as string,
    title: item.title as string,
    description: item.description as string,
    image_url: (item.image_url as string | undefined) ?? '',
    ...(item.series_id ? { series_id: item.series_id as string } : {}),
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
    ...(item.import ? { import: item.import as StoryImport } : {}),
    ...(item.calendar ? { calendar: item.calendar as CalendarRules } : {}),
  };
}

function requireFound(item: TableItem | undefined): StoryRecord {
  if (!item) throw new NotFoundError('No such story.');
  return fromItem(item);
}

function toItem(userId: string, story: StoryRecord): TableItem {
  return { ...ownedStoryKey(userId, story.story_id), entity: 'story', ...story };
}

/** A write that moves a story between series must find it where the caller read it. */
function seriesCondition(expectedSeriesId: string | undefined) {
  return expectedSeriesId
    ? { expression: '#series = :expectedSeries', values: { ':expectedSeries': expectedSeriesId } }
    : { expression: 'attribute_not_exists(#series)', values: {} };
}

export class DynamoDbStoryRepository implements StoryRepository {
  constructor(private readonly database: Database) {}

  async requireOwned(userId: string, storyId: string): Promise<StoryRecord> {
    return requireFound(
      await getItem(this.database, ownedStoryKey(userId, storyId), (item) => item, { consistent: false }),
    );
  }

  requireOwnedRead(userId: string, storyId: string) {
    const key = ownedStoryKey(userId, storyId);
    return asRead({ keys: [key], answer: (found) => requireFound(found(key)) });
  }

  getOwnedRead(userId: string, storyId: string) {
    const key = ownedStoryKey(userId, storyId);
    return asRead({
      keys: [key],
      answer: (found) => {
        const item = found(key);
        return item ? fromItem(item) : undefined;
      },
    });
  }

  async listOwned(userId: string): Promise<StoryRecord[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :story)',
      ExpressionAttributeValues: { ':owner': userPartitionKey(userId), ':story': STORY_SORT_KEY_PREFIX },
    });
    return items.map(fromItem);
  }

  /**
   * Series and story items are neighbours in the author's partition (`SERIES#…` sorts before `SESSION#…` and
   * `STORY#…`), so one Query reads both; the author's few session listings between them are left out.
   */
  async listLibrary(userId: string): Promise<Library> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND SK BETWEEN :first AND :last',
      ExpressionAttributeValues: {
        ':owner': userPartitionKey(userId),
        ':first': SERIES_SORT_KEY_PREFIX,
        ':last': `${STORY_SORT_KEY_PREFIX}\uffff`,
      },
    });
    const withPrefix = (prefix: string) => items.filter((item) => String(item.SK).startsWith(prefix));
    return {
      stories: withPrefix(STORY_SORT_KEY_PREFIX).map(fromItem),
      series: withPrefix(SERIES_SORT_KEY_PREFIX).map(seriesFromItem),
    };
  }

  async getOwned(userId: string, storyIds: string[]): Promise<StoryRecord[]> {
    const items = await batchGetAll(
      this.database,
      storyIds.map((storyId) => ownedStoryKey(userId, storyId)),
    );
    return items.map(fromItem);
  }

  createItem(userId: string, story: StoryRecord) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: toItem(userId, story),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }

  updateItem(
    userId: string,
    storyId: string,
    change: {
      details: Pick<StoryRecord, 'title' | 'description' | 'image_url'>;
      seriesId: string | undefined;
      expectedSeriesId: string | undefined;
    },
    now: Date,
  ) {
    const condition = seriesCondition(change.expectedSeriesId);
    return asWrite({
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
    });
  }

  setSeriesItem(
    userId: string,
    storyId: string,
    seriesId: string | undefined,
    expectedSeriesId: string | undefined,
    now: Date,
  ) {
    const condition = seriesCondition(expectedSeriesId);
    return asWrite({
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
    });
  }

  deleteItem(userId: string, storyId: string, expectedSeriesId: string | undefined) {
    const condition = seriesCondition(expectedSeriesId);
    return asWrite({
      Delete: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        ConditionExpression: `attribute_exists(PK) AND ${condition.expression}`,
        ExpressionAttributeNames: { '#series': 'series_id' },
        ...(Object.keys(condition.values).length ? { ExpressionAttributeValues: condition.values } : {}),
      },
    });
  }

  setCalendarItem(userId: string, storyId: string, calendar: CalendarRules | undefined, now: Date) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        UpdateExpression: calendar
          ? 'SET calendar = :calendar, updated_at = :now'
          : 'SET updated_at = :now REMOVE calendar',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ...(calendar ? { ':calendar': calendar } : {}),
        },
      },
    });
  }

  setImportItem(userId: string, storyId: string, status: StoryImport | undefined) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        UpdateExpression: status ? 'SET #import = :import' : 'REMOVE #import',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#import': 'import' },
        ...(status ? { ExpressionAttributeValues: { ':import': status } } : {}),
      },
    });
  }

  existsCondition(userId: string, storyId: string) {
    return asWrite({
      ConditionCheck: {
        TableName: this.database.tableName,
        Key: ownedStoryKey(userId, storyId),
        ConditionExpression: 'attribute_exists(PK)',
      },
    });
  }

  deleteContent(storyId: string, options: { keepChapterIndex?: boolean } = {}): Promise<void> {
    const { SK: chapterIndexSortKey } = chapterIndexKey(storyId);
    return deletePartition(
      this.database,
      storyPartitionKey(storyId),
      options.keepChapterIndex ? (key) => key.SK !== chapterIndexSortKey : undefined,
    );
  }
}
