import type { FactRecord, FactRepository } from '../../domain/associations/fact-repository';
import type { Database } from './document-client';
import { associationFactsPrefix, factCountKey, factKey, STORY_FACTS_PREFIX } from './keys/fact-keys';
import { storyPartitionKey } from './keys/story-keys';
import { asWrite, boundedCountWrite, deleteItems, getItem, queryAll, type TableItem } from './table';

function factFromItem(item: TableItem): FactRecord {
  return {
    fact_id: item.fact_id as string,
    association_id: item.association_id as string,
    story_id: item.story_id as string,
    label: item.label as string,
    value: item.value as string,
    from_chapter_id: item.from_chapter_id as string,
    created_at: item.created_at as string,
    updated_at: item.updated_at as string,
  };
}

export class DynamoDbFactRepository implements FactRepository {
  constructor(private readonly database: Database) {}

  list(storyId: string, associationId: string): Promise<FactRecord[]> {
    return this.listPrefix(storyId, associationFactsPrefix(associationId));
  }

  listStory(storyId: string): Promise<FactRecord[]> {
    return this.listPrefix(storyId, STORY_FACTS_PREFIX);
  }

  private async listPrefix(storyId: string, prefix: string): Promise<FactRecord[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :partition AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':partition': storyPartitionKey(storyId), ':prefix': prefix },
      ConsistentRead: true,
    });
    return items.map(factFromItem);
  }

  get(storyId: string, associationId: string, factId: string): Promise<FactRecord | undefined> {
    return getItem(this.database, factKey(storyId, associationId, factId), factFromItem);
  }

  putItem(fact: FactRecord) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: { ...factKey(fact.story_id, fact.association_id, fact.fact_id), entity: 'fact', ...fact },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }

  replaceItem(fact: FactRecord, expectedUpdatedAt: string) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: { ...factKey(fact.story_id, fact.association_id, fact.fact_id), entity: 'fact', ...fact },
        ConditionExpression: 'updated_at = :expected',
        ExpressionAttributeValues: { ':expected': expectedUpdatedAt },
      },
    });
  }

  deleteItem(fact: Pick<FactRecord, 'story_id' | 'association_id' | 'fact_id'>) {
    return asWrite({
      Delete: {
        TableName: this.database.tableName,
        Key: factKey(fact.story_id, fact.association_id, fact.fact_id),
        ConditionExpression: 'attribute_exists(PK)',
      },
    });
  }

  countItem(storyId: string, associationId: string, change: number, limit: number) {
    return boundedCountWrite(
      this.database,
      factCountKey(storyId, associationId),
      'fact-count',
      change,
      limit,
    );
  }

  async deleteAll(storyIds: readonly string[], associationId: string): Promise<void> {
    const facts = (await Promise.all(storyIds.map((storyId) => this.list(storyId, associationId)))).flat();
    await deleteItems(this.database, [
      ...facts.map((fact) => factKey(fact.story_id, fact.association_id, fact.fact_id)),
      ...storyIds.map((storyId) => factCountKey(storyId, associationId)),
    ]);
  }
}
