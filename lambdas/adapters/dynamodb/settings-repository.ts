import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentSettingsSchema, type DocumentSettings } from '../../../shared/schemas/settings';
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
    return DocumentSettingsSchema.parse({
      spellcheck: Item.spellcheck,
      autotab: Item.autotab,
      text_size: Item.text_size,
      font: Item.font,
      // Items saved before the setting existed hold no choice: highlighting stays on.
      highlight_associations: Item.highlight_associations !== false,
      target_words: Item.target_words,
      deadline: Item.deadline,
    });
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
          ...(settings.text_size ? { text_size: settings.text_size } : {}),
          ...(settings.font ? { font: settings.font } : {}),
          highlight_associations: settings.highlight_associations,
          ...(settings.target_words === undefined ? {} : { target_words: settings.target_words }),
          ...(settings.deadline === undefined ? {} : { deadline: settings.deadline }),
          updated_at: now.toISOString(),
        },
      },
    });
  }
}
