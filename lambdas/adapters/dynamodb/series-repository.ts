import type { CalendarRules } from '../../../shared/schemas/story-time';
import type { SeriesRecord, SeriesRepository } from '../../domain/series/series-repository';
import { NotFoundError } from '../../errors';
import type { Database } from './document-client';
import { ownedSeriesKey, SERIES_SORT_KEY_PREFIX } from './keys/series-keys';
import { userPartitionKey } from './keys/user-keys';
import { asWrite, getItem, queryAll, type TableItem, versionCondition } from './table';

export function seriesFromItem(item: TableItem): SeriesRecord {
  return {
    series_id: item.series_id as string,
    series_title: item.series_title as string,
    series_description: (item.series_description as string | undefined) ?? '',
    image_url: (item.image_url as string | undefined) ?? '',
    story_ids: (item.story_ids as string[] | undefined) ?? [],
    ...(item.calendar ? { calendar: item.calendar as CalendarRules } : {}),
    version: item.version as number,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

/** The stored version is the next one: a later write is conditional on it. */
function toItem(userId: string, series: SeriesRecord, now: Date): TableItem {
  const { version, ...fields } = series;
  return {
    ...ownedSeriesKey(userId, series.series_id),
    entity: 'series',
    ...fields,
    version: version + 1,
    updated_at: now.toISOString(),
  };
}

export class DynamoDbSeriesRepository implements SeriesRepository {
  constructor(private readonly database: Database) {}

  async requireOwned(userId: string, seriesId: string): Promise<SeriesRecord> {
    const series = await getItem(this.database, ownedSeriesKey(userId, seriesId), seriesFromItem, {
      consistent: false,
    });
    if (!series) throw new NotFoundError('No such series.');
    return series;
  }

  async get(userId: string, seriesId: string): Promise<SeriesRecord | undefined> {
    return getItem(this.database, ownedSeriesKey(userId, seriesId), seriesFromItem);
  }

  async listOwned(userId: string): Promise<SeriesRecord[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :series)',
      ExpressionAttributeValues: { ':owner': userPartitionKey(userId), ':series': SERIES_SORT_KEY_PREFIX },
    });
    return items.map(seriesFromItem);
  }

  saveItem(userId: string, series: SeriesRecord, now: Date) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: toItem(userId, series, now),
        ...versionCondition(series.version),
      },
    });
  }

  deleteItem(userId: string, series: SeriesRecord) {
    return asWrite({
      Delete: {
        TableName: this.database.tableName,
        Key: ownedSeriesKey(userId, series.series_id),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': series.version },
      },
    });
  }
}
