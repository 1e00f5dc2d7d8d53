import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredParagraph } from '../../../shared/paragraph-text';
import type { CachedChapterText, TextCacheRepository } from '../../domain/text-cache/text-cache-repository';
import type { Database } from './document-client';
import { textCacheKey } from './keys/text-cache-keys';
import { batchGetAll, type TableItem } from './table';

/**
 * The gzipped JSON of the paragraphs, at most this size: under DynamoDB's 400 KB item limit with room for the
 * keys. Compacted text gzips about 4:1, so a chapter of ~300,000 words is cached; a larger one is read from
 * its paragraphs every time.
 */
const MAX_CACHED_BYTES = 350_000;

function fromItem(item: TableItem): CachedChapterText {
  return {
    content_stamp: item.content_stamp as string,
    paragraphs: JSON.parse(gunzipSync(item.paragraphs as Uint8Array).toString('utf8')) as StoredParagraph[],
  };
}

export class DynamoDbTextCacheRepository implements TextCacheRepository {
  constructor(private readonly database: Database) {}

  async getMany(chapterIds: readonly string[]): Promise<Map<string, CachedChapterText>> {
    const items = await batchGetAll(this.database, chapterIds.map(textCacheKey));
    return new Map(items.map((item) => [item.chapter_id as string, fromItem(item)]));
  }

  /**
   * Unconditional: two calls filling the same chapter at once each write a text true at its own stamp, and
   * whichever stays is checked against the chapter's stamp before it is used.
   */
  async put(chapterId: string, text: CachedChapterText): Promise<void> {
    const paragraphs = gzipSync(JSON.stringify(text.paragraphs));
    if (paragraphs.byteLength > MAX_CACHED_BYTES) return;
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...textCacheKey(chapterId),
          entity: 'chapter-text',
          chapter_id: chapterId,
          content_stamp: text.content_stamp,
          paragraphs,
        },
      }),
    );
  }
}
