import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readBodyOrRefuse } from '../../local/lambda-bridge';

const MIB = 1024 * 1024;

/** A server reading bodies as the embedded runtime does, answering 200 with the size of a body it accepts. */
async function startServer(limits: { limit: number; discardLimit: number }): Promise<Server> {
  const server = createServer((request, response) => {
    void readBodyOrRefuse(request, response, limits).then((body) => {
      if (body !== undefined) response.end(JSON.stringify({ bytes: body.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return server;
}

interface Sent {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  /** What the client saw, in order: 'sent' once its whole body was written, 'answered' at the answer. */
  events: string[];
  reusedSocket: boolean;
}

/** A real HTTP PUT of `bytes` bytes through `agent`. */
function put(server: Server, agent: Agent, bytes: number): Promise<Sent> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const events: string[] = [];
    const request = httpRequest(
      { host: 'localhost', port, method: 'PUT', path: '/api/associations', agent },
      (response) => {
        events.push('answered');
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            events,
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    request.on('error', reject);
    request.on('finish', () => events.push('sent'));
    request.setHeader('content-type', 'application/json');
    request.setHeader('content-length', bytes);
    const chunk = Buffer.alloc(MIB, 'a');
    for (let written = 0; written < bytes; written += MIB) {
      request.write(written + MIB <= bytes ? chunk : chunk.subarray(0, bytes - written));
    }
    request.end();
  });
}

describe('a request body over the limit, on the embedded runtime', () => {
  let server: Server | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  afterEach(async () => {
    agent.destroy();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('is answered 413 once the client has sent all of it, never while it is still writing', async () => {
    server = await startServer({ limit: MIB, discardLimit: 64 * MIB });

    const sent = await put(server, agent, 32 * MIB);

    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({
      error: 'payload_too_large',
      message: 'The request is too large.',
    });
    expect(sent.events).toEqual(['sent', 'answered']);
  });

  it('leaves the connection open for the next request', async () => {
    server = await startServer({ limit: MIB, discardLimit: 64 * MIB });
    await put(server, agent, 8 * MIB);

    const next = await put(server, agent, 1000);

    expect(next).toMatchObject({ status: 200, body: '{"bytes":1000}', reusedSocket: true });
  });

  it('answers a body beyond what it will throw away with Connection: close', async () => {
    server = await startServer({ limit: 1024, discardLimit: 1024 });

    // Small enough for the client to hand it all to the connection before the answer can close it.
    const sent = await put(server, agent, 64 * 1024);

    expect(sent.status).toBe(413);
    expect(sent.headers.connection).toBe('close');
  });
});
