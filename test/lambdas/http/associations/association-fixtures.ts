import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { sessionCookieName } from '../../../../lambdas/middleware/cookies';
import type { BlobStore, StoredBlob } from '../../../../lambdas/ports';
import { apiEvent, type ApiEventOptions } from '../../../helpers/api-event';
import { type installTestPorts, TEST_NOW } from '../../../helpers/ports';

type TestPorts = ReturnType<typeof installTestPorts>;

export const USER_ID = 'user-1';
export const STORY_ID = 'story-1';
export const ASSOCIATION_ID = 'association-1';
const SESSION_ID = 'session-1';

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
  documentClient
    .on(GetCommand, {
      Key: { PK: `SESSION#${createHash('sha256').update(SESSION_ID).digest('base64url')}`, SK: 'SESSION' },
    })
    .resolves({ Item: { userId: USER_ID, ttl: TEST_NOW.getTime() / 1000 + 3600 } });
  documentClient
    .on(GetCommand, { Key: ownedStoryKey })
    .resolves({ Item: { ...ownedStoryKey, story_id: STORY_ID } });
  documentClient.on(GetCommand, { Key: { PK: `USER#${USER_ID}`, SK: 'PROFILE' } }).resolves({
    Item: {
      PK: `USER#${USER_ID}`,
      SK: 'PROFILE',
      userId: USER_ID,
      customer_id: '',
      subscription_id: options.subscriptionId ?? '',
      renewing: false,
      expired: false,
      expires_at: '',
      createdAt: TEST_NOW.toISOString(),
    },
  });
}

/** The author's story, but another author's session: ownership finds nothing. */
export function arrangeOtherAuthor(testPorts: TestPorts) {
  const { documentClient } = testPorts;
  documentClient.on(GetCommand).resolves({});
  documentClient
    .on(GetCommand, {
      Key: { PK: `SESSION#${createHash('sha256').update(SESSION_ID).digest('base64url')}`, SK: 'SESSION' },
    })
    .resolves({ Item: { userId: 'someone-else', ttl: TEST_NOW.getTime() / 1000 + 3600 } });
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

/** A request from the signed-in author's browser: the session cookie, and the app's Origin on writes. */
export function authorRequest(testPorts: TestPorts, options: ApiEventOptions): APIGatewayProxyEventV2 {
  const method = options.method ?? 'GET';
  return apiEvent({
    ...options,
    cookies: [`${sessionCookieName(testPorts.ports.config)}=${SESSION_ID}`],
    headers: {
      ...(method === 'GET' ? {} : { origin: testPorts.ports.config.APP_ORIGIN }),
      ...options.headers,
    },
  });
}

/** A multipart body as API Gateway delivers it: base64-encoded, with the browser's boundary. */
export async function withMultipartBody(
  event: APIGatewayProxyEventV2,
  form: FormData,
): Promise<APIGatewayProxyEventV2> {
  const request = new Request('https://write.example.com/', { method: 'PUT', body: form });
  const bytes = Buffer.from(await request.arrayBuffer());
  return {
    ...event,
    headers: { ...event.headers, 'content-type': request.headers.get('content-type')! },
    body: bytes.toString('base64'),
    isBase64Encoded: true,
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
}
