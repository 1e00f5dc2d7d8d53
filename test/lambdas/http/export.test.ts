import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as exportStory } from '../../../lambdas/http/export/export-story';
import { handler as getExport } from '../../../lambdas/http/export/get-export';
import { parseBody, testContext } from '../../helpers/api-event';
import { signedInEvent, useHandlerPorts, USER_ID } from '../../helpers/handler-harness';
import { TEST_NOW } from '../../helpers/ports';

const inADay = String(Math.floor(TEST_NOW.getTime() / 1000) + 24 * 60 * 60);

const exportEvent = (query: Record<string, string>, body?: unknown, storyId = 's1') =>
  signedInEvent({
    method: 'PUT',
    pathParameters: { storyId },
    query,
    ...(body === undefined ? {} : { body }),
  });

const jobItem = (status: 'running' | 'done' | 'failed', fields: Record<string, unknown> = {}) => ({
  PK: 'STORY#s1',
  SK: 'EXPORT#job-1',
  job_id: 'job-1',
  story_id: 's1',
  type: 'pdf',
  layout: 'manuscript',
  status,
  created_at: TEST_NOW.toISOString(),
  updated_at: TEST_NOW.toISOString(),
  ...fields,
});

describe('export handlers', () => {
  const harness = useHandlerPorts();

  const profile = (fields: Record<string, unknown>) =>
    harness.documentClient.on(GetCommand, { Key: { PK: `USER#${USER_ID}`, SK: 'PROFILE' } }).resolves({
      Item: {
        PK: `USER#${USER_ID}`,
        SK: 'PROFILE',
        customer_id: '',
        subscription_id: '',
        renewing: false,
        expired: false,
        expires_at: '',
        ...fields,
      },
    });
  const subscribed = () =>
    profile({ customer_id: 'cus_1', subscription_id: 'sub_1', renewing: true, expires_at: inADay });
  /** Every job the worker is asked about reads back as this item. */
  const jobReadsAs = (item: Record<string, unknown>) =>
    harness.documentClient
      .on(GetCommand, { Key: { PK: 'STORY#s1', SK: 'EXPORT#job-1' } })
      .resolves({ Item: item });

  beforeEach(() => {
    harness.ownStory('s1', { title: 'The Lantern Road' });
  });

  describe('PUT /api/stories/{storyId}/export', () => {
    it.each([
      ['an unknown type', { type: 'txt' }, undefined],
      ['no type', {}, undefined],
      ['an unknown layout', { type: 'pdf' }, { layout: 'poster' }],
      ['a body that is not an object', { type: 'pdf' }, ['pdf']],
    ])('answers 400 for %s', async (_case, query, body) => {
      subscribed();

      const result = await exportStory(exportEvent(query, body), testContext());

      expect(result.statusCode).toBe(400);
      expect(parseBody(result)).toMatchObject({ error: 'validation_failed' });
      expect(harness.queue.send).not.toHaveBeenCalled();
    });

    it("answers 401 with the spec's message to a free account", async () => {
      profile({});

      const result = await exportStory(exportEvent({ type: 'pdf' }), testContext());

      expect(result.statusCode).toBe(401);
      expect(parseBody(result)).toEqual({
        error: 'subscription_required',
        message: 'Free accounts are unable to export their stories.',
      });
    });

    it("answers 404 for another author's story", async () => {
      subscribed();

      const result = await exportStory(exportEvent({ type: 'pdf' }, undefined, 'theirs'), testContext());

      expect(result.statusCode).toBe(404);
      expect(harness.queue.send).not.toHaveBeenCalled();
    });

    it("stores a running job, queues it with the body's layout (its HTML ignored) and answers the link", async () => {
      subscribed();
      harness.documentClient
        .on(GetCommand, { Key: { PK: 'STORY#s1' } })
        .resolves({ Item: jobItem('done', { file_key: 'exports/s1/job-1.docx', type: 'docx' }) });

      const result = await exportStory(
        exportEvent(
          { type: 'docx' },
          {
            html_by_chapter: [{ title: 'One', html: '<p>Not what is stored</p>' }],
            title: 'The Lantern Road',
            storyID: 's1',
            type: 'docx',
            layout: 'book',
          },
        ),
        testContext(),
      );

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({ url: 'https://signed.example' });
      expect(harness.documentClient).toHaveReceivedCommandWith(PutCommand, {
        Item: expect.objectContaining({ PK: 'STORY#s1', status: 'running', type: 'docx', layout: 'book' }),
      });
      expect(harness.queue.send).toHaveBeenCalledWith(
        'export',
        expect.objectContaining({ user_id: USER_ID, story_id: 's1', type: 'docx', layout: 'book' }),
      );
      expect(harness.blobs.signedDownloadUrl).toHaveBeenCalledWith(
        'exports',
        'exports/s1/job-1.docx',
        3600,
        'The Lantern Road.docx',
      );
    });

    it('answers 500 with its code when the worker could not make the file', async () => {
      subscribed();
      harness.documentClient
        .on(GetCommand, { Key: { PK: 'STORY#s1' } })
        .resolves({ Item: jobItem('failed') });

      const result = await exportStory(exportEvent({ type: 'pdf' }), testContext());

      expect(result.statusCode).toBe(500);
      expect(parseBody(result)).toMatchObject({ error: 'export_failed' });
    });
  });

  describe('GET /api/stories/{storyId}/export/{jobId}', () => {
    const pollEvent = (storyId = 's1', jobId = 'job-1') =>
      signedInEvent({ pathParameters: { storyId, jobId } });

    it('answers 202 with the job id while the worker runs', async () => {
      jobReadsAs(jobItem('running'));

      const result = await getExport(pollEvent(), testContext());

      expect(result.statusCode).toBe(202);
      expect(parseBody(result)).toEqual({ job_id: 'job-1' });
    });

    it('answers the link once the file is made', async () => {
      jobReadsAs(jobItem('done', { file_key: 'exports/s1/job-1.pdf' }));

      const result = await getExport(pollEvent(), testContext());

      expect(result.statusCode).toBe(200);
      expect(parseBody(result)).toEqual({ url: 'https://signed.example' });
    });

    it("answers 404 for an unknown job, another author's story, or a malformed job id", async () => {
      jobReadsAs(jobItem('done', { file_key: 'exports/s1/job-1.pdf' }));

      const unknown = await getExport(pollEvent('s1', 'job-2'), testContext());
      const theirs = await getExport(pollEvent('theirs', 'job-1'), testContext());
      const malformed = await getExport(pollEvent('s1', 'job#1'), testContext());

      expect([unknown.statusCode, theirs.statusCode, malformed.statusCode]).toEqual([404, 404, 400]);
    });
  });
});
