import { gunzipSync, gzipSync } from 'node:zlib';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { StoredParagraph } from '../../../shared/paragraph-text';
import type { CachedChapterText, TextCacheRepository } from '../../domain/text-cache/text-cache-repository';
import type { Database } from './document-client';
import { textCacheKey } from './keys/text-cache-keys';
import { batchGetAll } from './table';

/**
 * The gzipped JSON of the paragraphs, at most this size: under DynamoDB's 400 KB item limit with room for the
 * keys. Compacted prose gzips to about 3 bytes a word, so a chapter of up to ≈ 100,000 words is cached; a
 * larger one is read from its paragraphs every time.
 */
const MAX_CACHED_BYTES = 350_000;

/** The texts kept in the process between calls (a warm Lambda's, or the embedded server's): JSON characters. */
const MAX_REMEMBERED_CHARACTERS = 16_000_000;

interface RememberedText {
  content_stamp: string;
  paragraphs: readonly StoredParagraph[];
  characters: number;
}

/**
 * The cached texts on the table (`CHAPTER#<cid>` / `TEXT`, gzipped JSON), and the most recently used of them
 * in memory, so a warm process answers a chapter still at its stamp without reading its item again. Memory is
 * checked against the stamp exactly as the table's item is, so it is never staler than the item.
 */
export class DynamoDbTextCacheRepository implements TextCacheRepository {
  private readonly remembered = new Map<string, RememberedText>();
  private rememberedCharacters = 0;

  constructor(private readonly database: Database) {}

  async getCurrent(
    chapters: readonly { chapter_id: string; content_stamp: string }[],
  ): Promise<Map<string, readonly StoredParagraph[]>> {
    const current = new Map<string, readonly StoredParagraph[]>();
    const unknown: typeof chapters = chapters.filter(({ chapter_id, content_stamp }) => {
      const text = this.recall(chapter_id);
      if (text?.content_stamp !== content_stamp) return true;
      current.set(chapter_id, text.paragraphs);
      return false;
    });
    const stamps = new Map(unknown.map((chapter) => [chapter.chapter_id, chapter.content_stamp]));
    const items = await batchGetAll(
      this.database,
      unknown.map((chapter) => textCacheKey(chapter.chapter_id)),
    );
    for (const item of items) {
      const chapterId = item.chapter_id as string;
      if (item.content_stamp !== stamps.get(chapterId)) continue;
      const json = gunzipSync(item.paragraphs as Uint8Array).toString('utf8');
      const paragraphs = JSON.parse(json) as StoredParagraph[];
      this.remember(chapterId, {
        content_stamp: item.content_stamp as string,
        paragraphs,
        characters: json.length,
      });
      current.set(chapterId, paragraphs);
    }
    return current;
  }

  /**
   * Unconditional: two calls filling the same chapter at once each write a text true at its own stamp, and
   * whichever stays is checked against the chapter's stamp before it is used.
   */
  async put(chapterId: string, text: CachedChapterText): Promise<void> {
    const json = JSON.stringify(text.paragraphs);
    const paragraphs = gzipSync(json);
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
    this.remember(chapterId, { ...text, characters: json.length });
  }

  /** The remembered text of the chapter, now the most recently used. */
  private recall(chapterId: string): RememberedText | undefined {
    const text = this.remembered.get(chapterId);
    if (text) {
      this.remembered.delete(chapterId);
      this.remembered.set(chapterId, text);
    }
    return text;
  }

  /** Remembers the text in place of the chapter's last one, forgetting the least recently used past the bound. */
  private remember(chapterId: string, text: RememberedText): void {
    const previous = this.remembered.get(chapterId);
    if (previous) {
      this.remembered.delete(chapterId);
      this.rememberedCharacters -= previous.characters;
    }
    this.remembered.set(chapterId, text);
    this.rememberedCharacters += text.characters;
    for (const [oldestId, oldest] of this.remembered) {
      if (this.rememberedCharacters <= MAX_REMEMBERED_CHARACTERS) break;
      this.remembered.delete(oldestId);
      this.rememberedCharacters -= oldest.characters;
    }
  }
}
