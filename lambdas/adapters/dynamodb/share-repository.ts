import type {
  JoinedStoryRecord,
  MemberRecord,
  ReadingPositionRecord,
  ShareRecord,
  ShareRepository,
} from '../../domain/review/review-repository';
import type { Database } from './document-client';
import {
  JOINED_SORT_KEY_PREFIX,
  joinedStoryKey,
  MEMBER_SORT_KEY_PREFIX,
  memberKey,
  READING_SORT_KEY_PREFIX,
  readingPositionKey,
  SHARE_SORT_KEY_PREFIX,
  shareLookupKey,
  storyShareKey,
} from './keys/review-keys';
import { storyPartitionKey } from './keys/story-keys';
import { userPartitionKey } from './keys/user-keys';
import { asRead, asWrite, batchGetAll, deleteItems, getItem, queryAll, type TableItem } from './table';

const optional = <T>(name: string, value: T | undefined) => (value === undefined ? {} : { [name]: value });

function shareFromItem(item: TableItem): ShareRecord {
  return {
    share_id: item.share_id as string,
    story_id: item.story_id as string,
    owner_id: item.owner_id as string,
    role: item.role as ShareRecord['role'],
    ...optional('chapters', item.chapters as string[] | undefined),
    ...optional('expires_at', item.expires_at as string | undefined),
    created_at: item.created_at as string,
    ...optional('revoked_at', item.revoked_at as string | undefined),
  };
}

function memberFromItem(item: TableItem): MemberRecord {
  return {
    story_id: item.story_id as string,
    user_id: item.user_id as string,
    owner_id: item.owner_id as string,
    share_id: item.share_id as string,
    role: item.role as MemberRecord['role'],
    ...optional('chapters', item.chapters as string[] | undefined),
    ...optional('expires_at', item.expires_at as string | undefined),
    name: item.name as string,
    author_name: (item.author_name as string | undefined) ?? '',
    joined_at: item.joined_at as string,
  };
}

function positionFromItem(item: TableItem): ReadingPositionRecord {
  return {
    user_id: item.user_id as string,
    chapter_id: item.chapter_id as string,
    key_id: item.key_id as string,
    progress: item.progress as number,
    updated_at: item.updated_at as string,
  };
}

export class DynamoDbShareRepository implements ShareRepository {
  constructor(private readonly database: Database) {}

  async find(shareId: string): Promise<ShareRecord | undefined> {
    const lookup = await getItem(this.database, shareLookupKey(shareId), (item) => item);
    if (!lookup) return undefined;
    return getItem(this.database, storyShareKey(lookup.story_id as string, shareId), shareFromItem);
  }

  async listForStory(storyId: string) {
    const partition = (prefix: string) =>
      queryAll(this.database, {
        KeyConditionExpression: 'PK = :story AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':story': storyPartitionKey(storyId), ':prefix': prefix },
        ConsistentRead: true,
      });
    const [shares, members] = await Promise.all([
      partition(SHARE_SORT_KEY_PREFIX),
      partition(MEMBER_SORT_KEY_PREFIX),
    ]);
    return { shares: shares.map(shareFromItem), members: members.map(memberFromItem) };
  }

  createItems(share: ShareRecord) {
    const table = this.database.tableName;
    return [
      asWrite({
        Put: {
          TableName: table,
          Item: { ...storyShareKey(share.story_id, share.share_id), entity: 'share', ...share },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }),
      asWrite({
        Put: {
          TableName: table,
          Item: {
            ...shareLookupKey(share.share_id),
            entity: 'share-lookup',
            share_id: share.share_id,
            story_id: share.story_id,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      }),
    ];
  }

  revokeItem(storyId: string, shareId: string, now: Date) {
    return asWrite({
      Update: {
        TableName: this.database.tableName,
        Key: storyShareKey(storyId, shareId),
        UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
      },
    });
  }

  async deleteMembers(members: readonly Pick<MemberRecord, 'story_id' | 'user_id'>[]): Promise<void> {
    // The membership first: it is what grants access; the list entry without it shows nothing.
    await deleteItems(
      this.database,
      members.map((member) => memberKey(member.story_id, member.user_id)),
    );
    await deleteItems(
      this.database,
      members.map((member) => joinedStoryKey(member.user_id, member.story_id)),
    );
  }

  joinItems(member: MemberRecord) {
    const table = this.database.tableName;
    return [
      asWrite({
        ConditionCheck: {
          TableName: table,
          Key: storyShareKey(member.story_id, member.share_id),
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(revoked_at)',
        },
      }),
      asWrite({
        Put: {
          TableName: table,
          Item: { ...memberKey(member.story_id, member.user_id), entity: 'member', ...member },
        },
      }),
      asWrite({
        Put: {
          TableName: table,
          Item: {
            ...joinedStoryKey(member.user_id, member.story_id),
            entity: 'joined-story',
            story_id: member.story_id,
            owner_id: member.owner_id,
          },
        },
      }),
    ];
  }

  getMemberRead(storyId: string, userId: string) {
    const key = memberKey(storyId, userId);
    return asRead({
      keys: [key],
      answer: (found) => {
        const item = found(key);
        return item ? memberFromItem(item) : undefined;
      },
    });
  }

  async listJoined(userId: string): Promise<JoinedStoryRecord[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :user AND begins_with(SK, :joined)',
      ExpressionAttributeValues: { ':user': userPartitionKey(userId), ':joined': JOINED_SORT_KEY_PREFIX },
    });
    return items.map((item) => ({ story_id: item.story_id as string, owner_id: item.owner_id as string }));
  }

  async getMembers(userId: string, storyIds: string[]): Promise<MemberRecord[]> {
    const items = await batchGetAll(
      this.database,
      storyIds.map((storyId) => memberKey(storyId, userId)),
    );
    return items.map(memberFromItem);
  }

  putReadingPositionItem(storyId: string, position: ReadingPositionRecord) {
    return asWrite({
      Put: {
        TableName: this.database.tableName,
        Item: {
          ...readingPositionKey(storyId, position.user_id, position.chapter_id),
          entity: 'reading-position',
          ...position,
        },
      },
    });
  }

  async listReadingPositions(storyId: string, userId?: string): Promise<ReadingPositionRecord[]> {
    const items = await queryAll(this.database, {
      KeyConditionExpression: 'PK = :story AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':story': storyPartitionKey(storyId),
        ':prefix': userId ? `${READING_SORT_KEY_PREFIX}${userId}#` : READING_SORT_KEY_PREFIX,
      },
    });
    return items.map(positionFromItem);
  }
}
