import { describe, expect, it } from 'vitest';
import type { SaveOp } from '../../../../web/src/editor/autosave/pending-ops';
import {
  jsonByteLength,
  KEEPALIVE_BODY_LIMIT_BYTES,
  KEEPALIVE_LIMITS,
  saveRequests,
} from '../../../../web/src/editor/autosave/sync-requests';

const scope = { storyId: 'story-1', chapterId: 'chapter-1' };

function saveOp(keyId: string, text: string): SaveOp {
  return {
    ...scope,
    type: 'save',
    keyId,
    chunk: JSON.stringify({ type: 'custom-paragraph', key_id: keyId, children: [{ type: 'text', text }] }),
    place: 0,
    retry: false,
  };
}

describe('keepalive splitting', () => {
  it('splits saves into bodies each under 64 KiB, losing and repeating nothing', () => {
    // Multi-byte text: the limit is on UTF-8 bytes, not characters.
    const ops = Array.from({ length: 40 }, (_, index) =>
      saveOp(`k${index}`, `é${'ü'.repeat(2000 + index * 37)}`),
    );

    const requests = saveRequests(scope, ops, KEEPALIVE_LIMITS);

    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests)
      expect(jsonByteLength(request.call.body)).toBeLessThan(KEEPALIVE_BODY_LIMIT_BYTES);
    expect(requests.flatMap((request) => request.ops)).toEqual(ops);
  });

  it('fills bodies up to the limit rather than sending one block per request', () => {
    const ops = Array.from({ length: 200 }, (_, index) => saveOp(`k${index}`, 'short paragraph'));

    expect(saveRequests(scope, ops, KEEPALIVE_LIMITS)).toHaveLength(1);
  });
});
