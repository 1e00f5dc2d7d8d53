import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BlobStore, StoredBlob } from '../../../../lambdas/domain/ports';
import { arrangeSession, USER_ID } from '../../../helpers/handler-harness';
import { type installTestPorts, TEST_NOW } from '../../../helpers/ports';

type TestPorts = ReturnType<typeof installTestPorts>;

export const STORY_ID = 'story-1';
export const ASSOCIATION_ID = 'association-1';

export const storyPartition = `STORY#${STORY_ID}`;
export const associationKey = (associationId: string) => ({
  PK: storyPartition,
  SK: `ASSOC#${associationId}`,
});
export const countKey = { PK: storyPartition, SK: 'ASSOCIATION_COUNT' };
export const ownedStoryKey = { PK: `USER#${USER_ID}`, SK: `STORY#${STORY_ID}` };

/**
 * The table as a signed-in author who owns STORY_ID sees it: a live session, the story under the author's
 * partition and the author's profile (free unless `subscriptionId` is given). Other reads find nothing.
 */
export function arrangeAuthorWithStory(testPorts: TestPorts, options: { subscriptionId?: string } = {}) {
  const { documentClient } = testPorts;
  documentClient.on(GetCommand).resolves({});
  // The story has no chapters and its associations no facts (issue 25 §2): every Query finds nothing.
  documentClient.on(QueryCommand).resolves({ Items: [] });
  documentClient.on(BatchWriteCommand).resolves({});
  arrangeSession(documentClient);
  documentClient
    .on(GetCommand, { Key: ownedStoryKey })
    .resolves({ Item: { ...ownedStoryKey, story_id: STORY_ID } });
  documentClient.on(GetCommand, { Key: { PK: `USER#${USER_ID}`, SK: 'PROFILE' } }).resolves({
    Item: {
      PK: `USER#${USER_ID}`,
      SK: 'PROFILE',
      userId: USER_ID,
      customer_id: options.subscriptionId ? 'cus_test' : '',
      subscription_id: options.subscriptionId ?? '',
      renewing: options.subscriptionId !== undefined,
      expired: false,
      // A subscription's paid period runs a day past the test clock.
      expires_at: options.subscriptionId ? String(TEST_NOW.getTime() / 1000 + 24 * 60 * 60) : '',
      createdAt: TEST_NOW.toISOString(),
    },
  });
}

/** The author's story, but another author's session: ownership finds nothing. */
export function arrangeOtherAuthor(testPorts: TestPorts) {
  const { documentClient } = testPorts;
  documentClient.on(GetCommand).resolves({});
  arrangeSession(documentClient, 'someone-else');
}

/** An association item as the repository stores it. */
export function associationItem(overrides: Record<string, unknown> = {}) {
  const associationId = (overrides.association_id as string | undefined) ?? ASSOCIATION_ID;
  return {
    ...associationKey(associationId),
    association_id: associationId,
    association_name: 'Frodo',
    association_type: 'character',
    aliases: 'Mr. Underhill',
    case_sensitive: true,
    short_description: 'A hobbit of the Shire.',
    extended_description: 'Bilbo’s heir.',
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The images bucket in memory, so upload tests can read back what was stored. */
export class MemoryBlobStore implements BlobStore {
  readonly objects = new Map<string, StoredBlob>();
  readonly deletedPrefixes: string[] = [];

  async put(_bucket: string, key: string, body: Uint8Array, contentType: string) {
    this.objects.set(key, { body, contentType });
  }

  async get(_bucket: string, key: string) {
    return this.objects.get(key);
  }

  async delete(_bucket: string, keys: string[]) {
    for (const key of keys) this.objects.delete(key);
  }

  async deletePrefix(_bucket: string, prefix: string) {
    this.deletedPrefixes.push(prefix);
    for (const key of [...this.objects.keys()]) if (key.startsWith(prefix)) this.objects.delete(key);
  }

  async signedDownloadUrl(_bucket: string, key: string) {
    return `https://signed.example.com/${key}`;
  }

  async signedUploadUrl(_bucket: string, key: string) {
    return `https://signed.example.com/${key}?upload`;
  }
}
