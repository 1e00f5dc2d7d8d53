import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { NotFoundError } from '../../../lambdas/errors';
import { httpRoute } from '../../../lambdas/middleware/http-route';
import { ok } from '../../../lambdas/middleware/responses';
import { apiEvent, parseBody, testContext } from '../../helpers/api-event';
import { installTestPorts, TEST_NOW } from '../../helpers/ports';

const sessionPartitionKey = (sessionId: string) =>
  `SESSION#${createHash('sha256').update(sessionId).digest('base64url')}`;

describe('httpRoute', () => {
  let testPorts: ReturnType<typeof installTestPorts>;

  beforeEach(() => {
    testPorts = installTestPorts();
  });

  afterEach(() => {
    testPorts.restore();
  });

  describe('validation', () => {
    const echo = httpRoute({
      auth: 'none',
      body: z.object({ title: z.string().min(1, 'Story title is required') }),
      query: z.object({ page: z.coerce.number().int().optional() }),
      params: z.object({ storyId: z.uuid() }),
      async handle({ body, query, params }) {
        return ok({ body, query, params });
      },
    });
    const storyId = '0b9f8f7e-6f3a-4c55-9a3e-2f1e8c1d2b3a';

    it('hands the handler the parsed body, query and path parameters', async () => {
      // Arrange
      const event = apiEvent({
        method: 'POST',
        body: { title: 'Dune' },
        query: { page: '2' },
        pathParameters: { storyId },
      });

      // Act
      const result = await echo(event, testContext());

      // Assert
      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({ body: { title: 'Dune' }, query: { page: 2 }, params: { storyId } });
    });

    it('answers 400 with the rule message and the failing field when the body breaks a rule', async () => {
      const event = apiEvent({ method: 'POST', body: { title: '' }, pathParameters: { storyId } });

      const result = await echo(event, testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toEqual({
        error: 'validation_failed',
        message: 'Story title is required',
        details: [{ path: 'body.title', message: 'Story title is required' }],
      });
    });

    it('answers 400 for a body that is not JSON', async () => {
      const event = apiEvent({
        method: 'POST',
        body: '{"title":',
        headers: { 'content-type': 'application/json' },
        pathParameters: { storyId },
      });

      const result = await echo(event, testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({
        error: 'validation_failed',
        message: 'The request body is not valid JSON.',
      });
    });

    it('answers 415 for a body that is not declared as JSON', async () => {
      const event = apiEvent({
        method: 'POST',
        body: 'title=Dune',
        headers: { 'content-type': 'text/plain' },
        pathParameters: { storyId },
      });

      const result = await echo(event, testContext());

      expect(result.statusCode).toBe(415);
    });

    it('answers 400 for a malformed path parameter', async () => {
      const event = apiEvent({
        method: 'POST',
        body: { title: 'Dune' },
        pathParameters: { storyId: 'nope' },
      });

      const result = await echo(event, testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({ details: [{ path: 'params.storyId' }] });
    });
  });

  describe('request paths', () => {
    const deleteStory = httpRoute({
      auth: 'none',
      async handle() {
        return { statusCode: 204 };
      },
    });

    it.each([
      '/api/stories/s1/chapter/..',
      '/api/stories/s1/chapter/%2e%2e',
      '/api/stories/s1/block/.',
      '/api/stories/s1/chapter/%2E.',
    ])('answers 400 JSON, without running the handler, for the dot segments of %s', async (path) => {
      const event = apiEvent({ method: 'DELETE', path, routeKey: 'DELETE /api/stories/{storyId}' });

      const result = await deleteStory(event, testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toEqual({
        error: 'validation_failed',
        message: "A path may not contain '.' or '..' segments.",
      });
    });

    it('runs the handler for a path whose segments merely contain dots', async () => {
      const event = apiEvent({ method: 'DELETE', path: '/api/stories/s1..s2' });

      const result = await deleteStory(event, testContext());

      expect(result.statusCode).toBe(204);
    });
  });

  describe('error mapping', () => {
    it('maps a domain error to its status, code and message', async () => {
      const handler = httpRoute({
        auth: 'none',
        async handle() {
          throw new NotFoundError('No such story.');
        },
      });

      const result = await handler(apiEvent(), testContext());

      expect(result.statusCode).toBe(404);
      expect(parseBody(result)).toEqual({ error: 'not_found', message: 'No such story.' });
    });

    it('answers a generic 500 that reveals nothing of an unexpected error', async () => {
      const handler = httpRoute({
        auth: 'none',
        async handle() {
          throw new Error('connection string postgres://secret@db');
        },
      });

      const result = await handler(apiEvent(), testContext());

      expect(result.statusCode).toBe(500);
      expect(result.body).not.toContain('secret');
      expect(parseBody(result)).toEqual({
        error: 'internal_error',
        message: 'Something went wrong on our side.',
      });
    });
  });

  describe('session authentication', () => {
    const whoAmI = httpRoute({
      auth: 'required',
      async handle({ userId }) {
        return ok({ userId });
      },
    });

    it('answers 401 without a session cookie', async () => {
      const result = await whoAmI(apiEvent(), testContext());

      expect(result.statusCode).toBe(401);
      expect(parseBody(result)).toMatchObject({ error: 'unauthenticated' });
    });

    it('resolves a live session to its user, looked up by the hash of the cookie', async () => {
      testPorts.documentClient
        .on(GetCommand, { Key: { PK: sessionPartitionKey('live-session'), SK: 'SESSION' } })
        .resolves({ Item: { userId: 'user-1', listed: true, ttl: TEST_NOW.getTime() / 1000 + 60 } });

      const result = await whoAmI(apiEvent({ cookies: ['__Host-lw_session=live-session'] }), testContext());

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({ userId: 'user-1' });
    });

    it.each([
      ['honours', 'live', { PK: 'USER#user-1', SK: 'PROFILE', email: 'a@example.com' }, 200],
      ['refuses', 'deleted', { PK: 'USER#user-1', SK: 'PROFILE', deleted_at: TEST_NOW.toISOString() }, 401],
      ['refuses', 'gone', undefined, 401],
    ])(
      '%s a session opened before sessions were listed under their author while the account is %s',
      async (_verb, _state, profile, status) => {
        testPorts.documentClient
          .on(GetCommand, { Key: { PK: sessionPartitionKey('old-session'), SK: 'SESSION' } })
          .resolves({ Item: { userId: 'user-1', ttl: TEST_NOW.getTime() / 1000 + 60 } });
        testPorts.documentClient
          .on(GetCommand, { Key: { PK: 'USER#user-1', SK: 'PROFILE' } })
          .resolves({ Item: profile });

        const result = await whoAmI(apiEvent({ cookies: ['__Host-lw_session=old-session'] }), testContext());

        expect(result.statusCode).toBe(status);
      },
    );

    it('answers 401 for an expired session that DynamoDB has not removed yet', async () => {
      testPorts.documentClient
        .on(GetCommand)
        .resolves({ Item: { userId: 'user-1', ttl: TEST_NOW.getTime() / 1000 - 1 } });

      const result = await whoAmI(apiEvent({ cookies: ['__Host-lw_session=old-session'] }), testContext());

      expect(result.statusCode).toBe(401);
    });

    it('answers 401 for an unknown session id', async () => {
      testPorts.documentClient.on(GetCommand).resolves({});

      const result = await whoAmI(apiEvent({ cookies: ['__Host-lw_session=made-up'] }), testContext());

      expect(result.statusCode).toBe(401);
    });
  });

  describe('cross-site protection', () => {
    const write = httpRoute({
      auth: 'none',
      async handle() {
        return ok({ written: true });
      },
    });

    it('refuses a state-changing request from another origin with 403', async () => {
      const result = await write(
        apiEvent({ method: 'POST', headers: { origin: 'https://evil.example' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(403);
      expect(parseBody(result)).toMatchObject({ error: 'forbidden' });
    });

    it('accepts a state-changing request from the app itself', async () => {
      const result = await write(
        apiEvent({ method: 'POST', headers: { origin: 'https://write.example.com' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
    });

    it('refuses a cross-site request that only says so in Sec-Fetch-Site', async () => {
      const result = await write(
        apiEvent({ method: 'DELETE', headers: { 'sec-fetch-site': 'cross-site' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(403);
    });

    it('lets reads through from anywhere', async () => {
      const result = await write(
        apiEvent({ method: 'GET', headers: { origin: 'https://evil.example' } }),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
    });
  });

  describe('compression', () => {
    const paragraphs = Array.from({ length: 200 }, (_, index) => ({
      key_id: `p${index}`,
      text: 'The lamp was lit.',
    }));
    const answer = httpRoute({
      auth: 'none',
      query: z.object({ size: z.enum(['large', 'small']).optional() }),
      async handle({ query }) {
        return ok(query.size === 'small' ? { ok: true } : { paragraphs });
      },
    });
    const asked = (acceptEncoding?: string, size?: 'small') =>
      answer(
        apiEvent({
          method: 'GET',
          ...(size ? { query: { size } } : {}),
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        }),
        testContext(),
      );

    it('answers a large JSON answer in Brotli to a caller that takes it, and it reads back the same', async () => {
      const result = await asked('gzip, deflate, br, zstd');

      expect(result.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
      expect(result.isBase64Encoded).toBe(true);
      const body = brotliDecompressSync(Buffer.from(result.body!, 'base64')).toString('utf8');
      expect(JSON.parse(body)).toEqual({ paragraphs });
      expect(result.body!.length).toBeLessThan(JSON.stringify({ paragraphs }).length / 5);
    });

    it('answers gzip to a caller that takes only gzip, or refuses Brotli', async () => {
      for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
        const result = await asked(acceptEncoding);

        expect(result.headers?.['content-encoding']).toBe('gzip');
        const body = gunzipSync(Buffer.from(result.body!, 'base64')).toString('utf8');
        expect(JSON.parse(body)).toEqual({ paragraphs });
      }
    });

    it('leaves the answer as it is for a caller that takes no encoding, and a small answer always', async () => {
      const plain = await asked();
      const small = await asked('br', 'small');

      expect(plain.headers?.['content-encoding']).toBeUndefined();
      expect(parseBody(plain)).toEqual({ paragraphs });
      expect(small.headers?.['content-encoding']).toBeUndefined();
      expect(parseBody(small)).toEqual({ ok: true });
    });
  });
});
