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
    if (!Item) return undefined;
    return {
      spellcheck: Item.spellcheck as boolean,
      autotab: Item.autotab as boolean,
      ...(typeof Item.target_words === 'number' ? { target_words: Item.target_words } : {}),
      ...(typeof Item.deadline === 'string' ? { deadline: Item.deadline } : {}),
    };
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
          ...(settings.target_words === undefined ? {} : { target_words: settings.target_words }),
          ...(settings.deadline === undefined ? {} : { deadline: settings.deadline }),
          updated_at: now.toISOString(),
        },
      },
    });
  }
}
