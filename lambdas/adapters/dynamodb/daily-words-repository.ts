import type { DailyWordsRepository } from '../../domain/progress/daily-words-repository';
import type { Database } from './document-client';
import { DAILY_WORDS_SORT_KEY_PREFIX, dailyWordsKey, dailyWordsSortKey } from './keys/daily-words-keys';
import { userPartitionKey } from './keys/user-keys';
import { asWrite, queryAll } from './table';

export class DynamoDbDailyWordsRepository implements DailyWordsRepository {
  constructor(private readonly database: Database) {}

  addWordsItem(userId: string, date: string, change: number) {
    // ADD creates the item and the number at 0: no read, and two saves of one day never lose either's words.
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: dailyWordsKey(userId, date),
        UpdateExpression: 'SET #entity = :entity, #date = :date ADD #words :change',
        ExpressionAttributeNames: { '#entity': 'entity', '#date': 'date', '#words': 'words' },
        ExpressionAttributeValues: { ':entity': 'daily-words', ':date': date, ':change': change },
      },
    });
  }

  async listDays(userId: string, from: string, to: string): Promise<Record<string, number>> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :owner AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':owner': userPartitionKey(userId),
        ':from': dailyWordsSortKey(from),
        ':to': dailyWordsSortKey(to),
      },
      ProjectionExpression: 'SK, words',
    });
    return Object.fromEntries(
      items.map((item) => [
        (item.SK as string).slice(DAILY_WORDS_SORT_KEY_PREFIX.length),
        (item.words as number | undefined) ?? 0,
      ]),
    );
  }
}
