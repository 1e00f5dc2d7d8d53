import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { BookSettingsSchema, type BookSettings } from '../../../shared/schemas/book';
import type { BookRepository } from '../../domain/book/book-repository';
import type { Database } from './document-client';
import { bookSettingsKey } from './keys/book-keys';
import { asWrite } from './table';

export class DynamoDbBookRepository implements BookRepository {
  constructor(private readonly database: Database) {}

  async get(storyId: string): Promise<BookSettings | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: bookSettingsKey(storyId) }),
    );
    // Parsed again so settings saved before a field existed read with its default.
    return Item ? BookSettingsSchema.parse(Item.settings) : undefined;
  }

  putItem(storyId: string, settings: BookSettings, now: Date) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: { ...bookSettingsKey(storyId), entity: 'book', settings, updated_at: now.toISOString() },
      },
    });
  }
}
