import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentSettings } from '../../../shared/schemas/settings';
import type { SettingsRepository } from '../../domain/settings/settings-repository';
import type { Database } from './document-client';
import { settingsKey } from './keys/settings-keys';
import { asWrite } from './table';

export class DynamoDbSettingsRepository implements SettingsRepository {
  constructor(private readonly database: Database) {}

  async get(storyId: string): Promise<DocumentSettings | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: settingsKey(storyId) }),
    );
    return Item ? { spellcheck: Item.spellcheck as boolean, autotab: Item.autotab as boolean } : undefined;
  }

  putItem(storyId: string, settings: DocumentSettings, now: Date) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...settingsKey(storyId),
          entity: 'settings',
          spellcheck: settings.spellcheck,
          autotab: settings.autotab,
          updated_at: now.toISOString(),
        },
      },
    });
  }
}
