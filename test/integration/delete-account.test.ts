import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { BlobStore } from '../../lambdas/domain/ports';
import { purgeAccount } from '../../lambdas/domain/users/delete-account';
import { handler as accountDeletionWorker } from '../../lambdas/workers/account-deletion-worker';
import { ACCOUNT_EMAIL_MISMATCH_MESSAGE, type User } from '../../shared/schemas/user';
import type { Story } from '../../shared/schemas/story';
import { partitionItems, signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { holdQueue } from '../helpers/held-queue';
import { sqsEvent, sqsRecord } from '../helpers/sqs-event';
import { authorData, signInWithOneOfEverything, type AuthorIds } from '../suites/route-probes';

/**
 * Issue 16, 'Delete my account', on DynamoDB Local and the local S3 server: the request (email check, renewal
 * stopped at the payment provider, every session revoked) and the worker (everything of the author gone, found
 * without a scan; nobody else's touched; a retry after a partial run finishes the job).
 */
describe('deleting an account on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let bystander: { browser: TestBrowser; ids: AuthorIds };

  beforeAll(async () => {
    runtime = await startTestRuntime();
    bystander = await signInWithOneOfEverything(runtime, 'bystander@example.com');
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const userIdOf = async (browser: TestBrowser) => {
    const sessionId = browser.cookie(sessionCookieName(runtime.ports.config))!;
    return (await runtime.ports.repositories.sessions.find(sessionId, runtime.ports.now()))!.userId;
  };

  /** The keys the author's data lives under, read before the deletion, to look at them after. */
  const footprintOf = async (browser: TestBrowser, ids: AuthorIds) => {
    const userId = await userIdOf(browser);
    const userItems = await partitionItems(runtime, `USER#${userId}`);
    const story = (await (await browser.fetch(`/api/stories/${ids.storyId}`)).json()) as Story;
    const volumes = ((await (await browser.fetch('/api/stories')).json()) as Story[]).map(
      (volume) => volume.story_id,
    );
    const download = (await (await browser.sendJson('POST', '/api/user/download', {})).json()) as {
      url: string;
    };
    const storyIds = [...volumes, ids.trashedStoryId];
    const chapterIds = await Promise.all(
      storyIds.map(
        async (storyId) => (await runtime.ports.repositories.chapters.listWithIndex(storyId)).index,
      ),
    );
    return {
      userId,
      partitions: [
        `USER#${userId}`,
        ...storyIds.map((storyId) => `STORY#${storyId}`),
        ...chapterIds.flatMap((index) => index.chapter_ids).map((chapterId) => `CHAPTER#${chapterId}`),
        `CHAPTER#${ids.trashedChapterId}`,
        `SERIES#${ids.seriesId}`,
        `CUSTOMER#${ids.customerId}`,
        // Sessions and identity links, found through their listings under the author.
        ...userItems
          .map((item) => item.SK as string)
          .filter((sortKey) => sortKey.startsWith('SESSION#') || sortKey.startsWith('IDENTITY#')),
      ],
      coverKey: story.image_url.slice(1),
      versionKey: `${ids.storyId}/${ids.chapterId}/${ids.versionId}.json`,
      downloadUrl: download.url,
    };
  };

  const remainingItems = async (partitions: string[]) =>
    (await Promise.all(partitions.map((partition) => partitionItems(runtime, partition)))).flat();
  const purgeFilingsOf = async (userId: string) =>
    (await partitionItems(runtime, `PURGE#${new Date().toISOString().slice(0, 10)}`)).filter((item) =>
      (item.SK as string).startsWith(`${userId}#`),
    );

  it('refuses an email that is not the account’s with 400, and changes nothing', async () => {
    const { browser, ids } = await signInWithOneOfEverything(runtime, 'careful@example.com');
    const before = await authorData(browser, ids);

    const refused = await browser.sendJson('POST', '/api/user/delete', { email: 'careless@example.com' });
    const malformed = await browser.sendJson('POST', '/api/user/delete', { email: 42 });

    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: 'validation_failed',
      message: ACCOUNT_EMAIL_MISMATCH_MESSAGE,
    });
    expect(malformed.status).toBe(400);
    expect(await authorData(browser, ids)).toEqual(before);
  });

  it('deletes everything of the author, stops renewal and signs out everywhere, leaving others untouched', async () => {
    const { browser: laptop, ids } = await signInWithOneOfEverything(runtime, 'leaving@example.com');
    const phone = await signIn(runtime, 'leaving@example.com', 'Leaving');
    const footprint = await footprintOf(laptop, ids);
    const bystanderBefore = await authorData(bystander.browser, bystander.ids);
    const { subscription_id: subscriptionId } = (await (await laptop.fetch('/api/user')).json()) as User;
    expect(await runtime.ports.blobs.get('images', footprint.coverKey)).toBeDefined();
    expect(await runtime.ports.blobs.get('versions', footprint.versionKey)).toBeDefined();
    expect((await fetch(footprint.downloadUrl)).status).toBe(200);
    expect(await purgeFilingsOf(footprint.userId)).toHaveLength(2);

    const deleted = await laptop.sendJson('POST', '/api/user/delete', { email: '  Leaving@Example.COM ' });
    const clearedCookie = deleted.headers.getSetCookie().join('\n');
    const phoneAfter = await phone.fetch('/api/stories');
    await runtime.queue.drain();

    expect(deleted.status).toBe(202);
    expect(clearedCookie).toMatch(/Max-Age=0/i);
    expect(phoneAfter.status).toBe(401);
    expect((await laptop.fetch('/api/user')).status).toBe(401);
    const subscription = await runtime.ports.billing.billing.getSubscription(ids.customerId, subscriptionId);
    expect(subscription).toMatchObject({ status: 'active', renewing: false });
    expect(await remainingItems(footprint.partitions)).toEqual([]);
    expect(await purgeFilingsOf(footprint.userId)).toEqual([]);
    expect(await runtime.ports.blobs.get('images', footprint.coverKey)).toBeUndefined();
    expect(await runtime.ports.blobs.get('versions', footprint.versionKey)).toBeUndefined();
    expect((await fetch(footprint.downloadUrl)).status).toBe(404);
    expect(await authorData(bystander.browser, bystander.ids)).toEqual(bystanderBefore);
  });

  it('gives the same identity a fresh, empty account when it signs in again', async () => {
    const { browser, ids } = await signInWithOneOfEverything(runtime, 'returning@example.com');
    const formerUserId = await userIdOf(browser);
    await browser.sendJson('POST', '/api/user/delete', { email: 'returning@example.com' });
    await runtime.queue.drain();

    const again = await signIn(runtime, 'returning@example.com', 'Returning');
    const user = (await (await again.fetch('/api/user')).json()) as User;

    expect(await userIdOf(again)).not.toBe(formerUserId);
    expect(user).toMatchObject({ email: 'returning@example.com', customer_id: '', subscription_id: '' });
    expect(await (await again.fetch('/api/stories')).json()).toEqual([]);
    expect(await (await again.fetch('/api/series')).json()).toEqual([]);
    expect(await (await again.fetch('/api/trash')).json()).toEqual({ stories: [], chapters: [] });
    expect((await again.fetch(`/api/stories/${ids.storyId}`)).status).toBe(404);
  });

  it('finishes a purge that stopped half-way when the message is delivered again, and a repeat is harmless', async () => {
    const { browser, ids } = await signInWithOneOfEverything(runtime, 'interrupted@example.com');
    const footprint = await footprintOf(browser, ids);
    const queue = holdQueue(runtime);
    const deleted = await browser.sendJson('POST', '/api/user/delete', { email: 'interrupted@example.com' });
    // The first delivery dies in the middle of a story: its chapter's versions cannot be deleted.
    let versionDeletions = 0;
    const failingBlobs: BlobStore = {
      ...runtime.ports.blobs,
      async deletePrefix(bucket, prefix) {
        if (bucket === 'versions' && ++versionDeletions === 2) throw new Error('S3 is unavailable');
        return runtime.ports.blobs.deletePrefix(bucket, prefix);
      },
    };

    const firstDelivery = purgeAccount({ ...runtime.ports, blobs: failingBlobs }, footprint.userId);
    await expect(firstDelivery).rejects.toThrow('S3 is unavailable');
    const leftByTheFailure = await remainingItems(footprint.partitions);
    const heldMessages = [...queue.held];
    await queue.release();
    const leftByTheRetry = await remainingItems(footprint.partitions);
    const repeated = await accountDeletionWorker(
      sqsEvent(sqsRecord('repeat', { user_id: footprint.userId }, 'accountDeletion')),
    );

    expect(deleted.status).toBe(202);
    expect(heldMessages).toEqual([['accountDeletion', { user_id: footprint.userId }]]);
    expect(leftByTheFailure.length).toBeGreaterThan(0);
    expect(leftByTheRetry).toEqual([]);
    expect(repeated.batchItemFailures).toEqual([]);
    expect(await runtime.ports.blobs.get('versions', footprint.versionKey)).toBeUndefined();
  });

  it('answers 401 without a session, and 400 for a body that is not an email', async () => {
    const anonymous = await fetch(`${runtime.url}/api/user/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: runtime.url },
      body: JSON.stringify({ email: 'bystander@example.com' }),
    });
    const extraField = await bystander.browser.sendJson('POST', '/api/user/delete', {
      email: 'bystander@example.com',
      now: true,
    });

    expect(anonymous.status).toBe(401);
    expect(extraField.status).toBe(400);
    expect((await bystander.browser.fetch('/api/user')).status).toBe(200);
  });
});
