import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Database } from '../../ports';
import { ownedSeriesKey, requireOwnedSeries } from '../ownership';
import { queryAll, type TableItem, type TransactionItem } from '../table';

/**
 * Series, in their owner's partition (`USER#<uid>` / `SERIES#<id>`). The series item holds its volumes as an
 * ordered list of story ids: a volume's place is its index plus one, so reordering writes one item and places
 * are always 1..n without gaps. Each volume's story item points back with `series_id`; both change in one
 * transaction, and that pointer's condition stops a story joining two series at once.
 */
export interface SeriesRecord {
  series_id: string;
  series_title: string;
  series_description: string;
  image_url: string;
  story_ids: string[];
  /** The version read; a write succeeds only if the item is still at it (0: not yet stored). */
  version: number;
  created_at: string;
  updated_at: string;
}

function fromItem(item: TableItem): SeriesRecord {
  return {
    series_id: item.series_id as string,
    series_title: item.series_title as string,
    series_description: (item.series_description as string | undefined) ?? '',
    image_url: (item.image_url as string | undefined) ?? '',
    story_ids: (item.story_ids as string[] | undefined) ?? [],
    version: item.version as number,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

export class SeriesRepository {
  constructor(private readonly database: Database) {}

  /** The caller's series, or 404 whether it is missing or someone else's. */
  async requireOwned(userId: string, seriesId: string): Promise<SeriesRecord> {
    return fromItem(await requireOwnedSeries(this.database, userId, seriesId));
  }

  async get(userId: string, seriesId: string): Promise<SeriesRecord | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({
        TableName: this.database.tableName,
        Key: ownedSeriesKey(userId, seriesId),
        ConsistentRead: true,
      }),
    );
    return Item ? fromItem(Item) : undefined;
  }

  async listOwned(userId: string): Promise<SeriesRecord[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND begins_with(SK, :series)',
      ExpressionAttributeValues: { ':owner': `USER#${userId}`, ':series': 'SERIES#' },
    });
    return items.map(fromItem);
  }

  /** Writes the series as given, if it is still at the version it was read at (or new, for version 0). */
  saveItem(userId: string, series: SeriesRecord, now: Date): TransactionItem {
    const { version, ...fields } = series;
    return {
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...ownedSeriesKey(userId, series.series_id),
          entity: 'series',
          ...fields,
          version: version + 1,
          updated_at: now.toISOString(),
        },
        ...(version === 0
          ? { ConditionExpression: 'attribute_not_exists(PK)' }
          : {
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': version },
            }),
      },
    };
  }

  deleteItem(userId: string, series: SeriesRecord): TransactionItem {
    return {
      Delete: {
        TableName: this.database.tableName,
        Key: ownedSeriesKey(userId, series.series_id),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': series.version },
      },
    };
  }
}
