import type { SyncCall, SyncTransport } from '../../../../web/src/editor/autosave/sync-requests';

export interface SentRequest {
  endpoint: SyncCall['endpoint'];
  storyId: string;
  body: {
    story_id?: string;
    chapter_id: string;
    blocks: { key_id: string; chunk?: string; place?: string; base_revision?: number }[];
  };
  keepalive: boolean;
}

/**
 * A server stand-in: records requests and answers each with the status `respond` picks (2xx resolves;
 * anything else rejects with that status, and the error code when given, as the API client does; 0 means
 * unreachable).
 */
export function fakeTransport(
  respond: (request: SentRequest) => number | { status: number; code: string } = () => 204,
) {
  const sent: SentRequest[] = [];
  const transport: SyncTransport = (call, { keepalive }) => {
    const recorded = { ...call, keepalive } as SentRequest;
    sent.push(recorded);
    const answer = respond(recorded);
    const { status, code } = typeof answer === 'number' ? { status: answer, code: undefined } : answer;
    if (status >= 200 && status < 300) return Promise.resolve();
    return Promise.reject(Object.assign(new Error(`status ${status}`), { status, code }));
  };
  return { transport, sent };
}

/** What the transport was asked to do, in order, as "endpoint story keys". */
export function describeRequests(sent: SentRequest[]): string[] {
  return sent.map(
    (request) =>
      `${request.endpoint} ${request.storyId} ${request.body.blocks.map((block) => block.key_id).join(',')}`,
  );
}
