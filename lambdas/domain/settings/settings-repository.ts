import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentSettings } from '../../../shared/schemas/settings';
import type { Database } from '../../ports';
import { storyPartitionKey } from '../stories/story-repository';
import type { TransactionItem } from '../table';

/** A story's document settings: `STORY#<sid>` / `SETTINGS`, absent until the author first saves them. */
const settingsKey = (storyId: string) => ({ PK: storyPartitionKey(storyId), SK: 'SETTINGS' });

export class SettingsRepository {
  constructor(private readonly database: Database) {}

  async get(storyId: string): Promise<DocumentSettings | undefined> {
    const { Item } = await this.database.client.send(
      new GetCommand({ TableName: this.database.tableName, Key: settingsKey(storyId) }),
    );
    return Item ? { spellcheck: Item.spellcheck as boolean, autotab: Item.autotab as boolean } : undefined;
  }

  /** The settings are one document; the author's latest choice replaces the previous one. */
  putItem(storyId: string, settings: DocumentSettings, now: Date): TransactionItem {
    return {
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
    };
  }
}
