import { describe, expect, it } from 'vitest';
import { httpSyncTransport } from '../../../../web/src/editor/autosave/http-transport';
import type { SyncCall } from '../../../../web/src/editor/autosave/sync-requests';
import { ApiError } from '../../../../web/src/lib/api-client';
import { getPendingCount } from '../../../../web/src/lib/pending-requests';
import { emptyResponse, jsonResponse, stubFetch } from '../../helpers/fetch-stub';

const block = { key_id: 'p1', chunk: '{"type":"custom-paragraph"}', place: '0' };

describe("the autosave queue's calls", () => {
  it.each<[SyncCall, string]>([
    [
      { endpoint: 'saveBlocks', storyId: 's 1', body: { chapter_id: 'c1', blocks: [block] } },
      'PUT /api/stories/s%201',
    ],
    [
      { endpoint: 'deleteBlocks', storyId: 's 1', body: { chapter_id: 'c1', blocks: [{ key_id: 'p1' }] } },
      'DELETE /api/stories/s%201/block',
    ],
    [
      {
        endpoint: 'reorderBlocks',
        storyId: 's 1',
        body: { chapter_id: 'c1', blocks: [{ key_id: 'p1', place: '0' }] },
      },
      'PUT /api/stories/s%201/orderMap',
    ],
  ])('sends %o as %s, with its body, in the background', async (call, request) => {
    const sent: string[] = [];
    let pendingWhileSent = -1;
    stubFetch((url, init) => {
      sent.push(`${init.method} ${url} ${String(init.body)} keepalive:${String(init.keepalive)}`);
      pendingWhileSent = getPendingCount();
      return emptyResponse(204);
    });

    await httpSyncTransport(call, { keepalive: true });

    expect(sent).toEqual([`${request} ${JSON.stringify(call.body)} keepalive:true`]);
    expect(pendingWhileSent).toBe(0);
  });

  it('rejects with the status the queue reads', async () => {
    stubFetch(() => jsonResponse({ error: 'chapter_creating', message: 'Not yet.' }, 501));

    const sending = httpSyncTransport(
      { endpoint: 'saveBlocks', storyId: 's1', body: { chapter_id: 'c1', blocks: [block] } },
      { keepalive: false },
    );

    await expect(sending).rejects.toMatchObject({ status: 501 });
    await expect(sending).rejects.toBeInstanceOf(ApiError);
  });
});
