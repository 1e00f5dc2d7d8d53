import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createDatabase, type Database } from '../lambdas/adapters/dynamodb/document-client';
import { createAwsPorts, usePorts } from '../lambdas/composition';
import { parseConfig } from '../lambdas/env';
import { createLogger, describeError, type LogLevel } from '../lambdas/logger';
import { requestPathProblem, requestTargetPath } from '../lambdas/middleware/request-path';
import { IMAGES_PREFIX, isApiPath } from '../lambdas/path-prefixes';
import type { Ports } from '../lambdas/ports';
import { routes, scheduledJobs, workers } from '../lambdas/routes';
import { securityHeaders } from '../shared/security-headers';
import { publishDefaultImages } from './default-images';
import { deleteTable, ensureTable, startDynamoDbLocal } from './dynamodb-local';
import { InProcessQueue, type QueueWorker, type WorkerHandler } from './in-process-queue';
import {
  compileRoutes,
  type HttpHandler,
  lambdaContext,
  readBodyOrRefuse,
  toApiGatewayEvent,
  writeApiGatewayResult,
} from './lambda-bridge';
import { createEmbeddedIssuer, EMBEDDED_CLIENT_ID } from './oidc-issuer';
import { startS3Local } from './s3-local';
import { serveWebApp } from './static-files';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const IMAGES_BUCKET = 'loreweaver-images';
export const EXPORTS_BUCKET = 'loreweaver-exports';
export const VERSIONS_BUCKET = 'loreweaver-versions';
export const UPLOADS_BUCKET = 'loreweaver-uploads';
const TABLE_NAME = 'loreweaver';

export interface EmbeddedRuntimeOptions {
  /** 0 picks a free port. */
  port: number;
  /** Where data lives across restarts; without it everything is kept in memory or a temporary folder (tests). */
  dataDirectory?: string;
  /**
   * A DynamoDB Local already running, shared by many runtimes (test files): this runtime keeps its data in a
   * table of its own there, dropped on close, instead of starting a Java process of its own.
   */
  sharedDynamoDbEndpoint?: string;
  webRoot?: string;
  logLevel?: LogLevel;
  /** An image service for sample covers (SAMPLE_IMAGE_URL); unset, covers are generated locally. */
  sampleImageUrl?: string;
  /** Queue redelivery delays; tests shorten them. */
  retryDelayMs?: (attempt: number) => number;
  /** Payment provider settings (see `lambdas/env.ts`); unset, the local provider with 30-day periods. */
  billing?: {
    stripeSecretKey?: string;
    stripeWebhookSecret?: string;
    localPeriodSeconds?: number;
  };
  /** The clock of handlers and the local payment provider; tests move it to see periods end. */
  now?: () => Date;
}

export interface EmbeddedRuntime {
  url: string;
  /** Where browsers send manuscripts (the S3 stand-in), as the Content-Security-Policy allows. */
  uploadsOrigin: string;
  ports: Ports;
  /** The table itself, for tests and benchmarks that look beneath the repositories. */
  database: Database;
  queue: InProcessQueue;
  /** Runs every scheduled job once, now (the timer does so every job's interval, and each start once). */
  runScheduledJobs(): Promise<void>;
  close(): Promise<void>;
}

function importHandler<T>(modulePath: string): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    const moduleUrl = pathToFileURL(path.join(repositoryRoot, 'lambdas', `${modulePath}.ts`)).href;
    loaded ??= import(/* @vite-ignore */ moduleUrl).then((module: { handler: T }) => module.handler);
    return loaded;
  };
}

/**
 * Loreweaver on one machine: the same handlers as in AWS, mounted from the same route table, over Amazon's
 * DynamoDB Local, a local S3-protocol server, an in-process SQS stand-in and an embedded OIDC issuer.
 */
export async function startEmbeddedRuntime(options: EmbeddedRuntimeOptions): Promise<EmbeddedRuntime> {
  const dataDirectory = options.dataDirectory ? path.resolve(options.dataDirectory) : undefined;
  const logger = createLogger(options.logLevel ?? 'warn', { runtime: 'embedded' });

  // The server listens first, so its port (0: chosen by the system) is held from the start: picking a free
  // port and binding it only after DynamoDB Local and the S3 stand-in have started let a parallel run take it.
  let handle: ((request: IncomingMessage, response: ServerResponse) => Promise<void>) | undefined;
  // Known once the S3 stand-in runs; until then (the 503 while starting) the policy names no uploads origin.
  let uploadsOrigin: string | undefined;
  const server: Server = createServer((request, response) => {
    if (!handle) return sendJson(response, 503, { error: 'starting', message: 'Loreweaver is starting.' });
    handle(request, response).catch((error: unknown) => {
      logger.error('embedded server error', describeError(error));
      if (!response.headersSent)
        sendJson(response, 500, { error: 'internal_error', message: 'Something went wrong.' });
      else response.destroy();
    });
  });
  // Requests Node's parser refuses before any handler runs (a request line or headers over 16 KiB, a malformed
  // request) would otherwise get a bare status and no body: answer them as every other refusal is answered.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    socket.end(clientErrorResponse(error.code === 'HPE_HEADER_OVERFLOW', uploadsOrigin));
  });
  // A client reusing a kept-alive connection just as the server drops it gets ECONNRESET: keep idle connections
  // longer than clients do (as AWS load balancers, 60 s). Closing does not wait for them: Node closes idle ones.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://localhost:${port}`;
  const stops: (() => Promise<void>)[] = [
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  ];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  };

  try {
    const sharedEndpoint = options.sharedDynamoDbEndpoint;
    const tableName = sharedEndpoint ? `${TABLE_NAME}-${randomUUID()}` : TABLE_NAME;
    const dynamoDb = sharedEndpoint
      ? { endpoint: sharedEndpoint, stop: () => deleteTable(sharedEndpoint, tableName) }
      : await startDynamoDbLocal(dataDirectory && path.join(dataDirectory, 'dynamodb'));
    stops.push(() => dynamoDb.stop());
    const s3 = await startS3Local(
      dataDirectory && path.join(dataDirectory, 's3'),
      [IMAGES_BUCKET, EXPORTS_BUCKET, VERSIONS_BUCKET],
      { name: UPLOADS_BUCKET, allowedOrigin: origin },
    );
    // The browser sends manuscripts to the S3 stand-in itself, as it sends them to the bucket in AWS.
    uploadsOrigin = s3.endpoint;
    stops.push(() => s3.stop());
    await ensureTable(dynamoDb.endpoint, tableName);

    const issuer = await createEmbeddedIssuer(origin);
    const config = parseConfig({
      RUNTIME: 'embedded',
      AWS_REGION: 'local',
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamoDb.endpoint,
      IMAGES_BUCKET,
      EXPORTS_BUCKET,
      VERSIONS_BUCKET,
      UPLOADS_BUCKET,
      S3_ENDPOINT: s3.endpoint,
      APP_ORIGIN: origin,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: EMBEDDED_CLIENT_ID,
      OIDC_PROVIDER_HINT: 'none',
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...(options.sampleImageUrl ? { SAMPLE_IMAGE_URL: options.sampleImageUrl } : {}),
      ...(options.billing?.stripeSecretKey ? { STRIPE_SECRET_KEY: options.billing.stripeSecretKey } : {}),
      ...(options.billing?.stripeWebhookSecret
        ? { STRIPE_WEBHOOK_SECRET: options.billing.stripeWebhookSecret }
        : {}),
      ...(options.billing?.localPeriodSeconds
        ? { LOCAL_BILLING_PERIOD_SECONDS: String(options.billing.localPeriodSeconds) }
        : {}),
    });

    const queueWorkers: Partial<Record<string, QueueWorker>> = {};
    for (const worker of workers) {
      queueWorkers[worker.queue] = {
        handler: importHandler<WorkerHandler>(worker.handler),
        maxReceiveCount: worker.maxReceiveCount,
      };
    }
    const queue = new InProcessQueue({
      workers: queueWorkers,
      logger,
      ...(dataDirectory ? { directory: path.join(dataDirectory, 'queue') } : {}),
      ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
    });
    // The embedded composition: the AWS adapters against the local servers, and the in-process queue.
    const ports: Ports = { ...createAwsPorts(config, options.now), queue, logger };
    usePorts(ports);
    await publishDefaultImages(ports.blobs, path.join(repositoryRoot, 'default-images'));
    await queue.start();
    stops.push(async () => {
      await queue.close();
      usePorts(undefined);
    });

    const router = compileRoutes(routes);
    const handlers = new Map(routes.map((route) => [route, importHandler<HttpHandler>(route.handler)]));
    const webRoot = options.webRoot ?? path.join(repositoryRoot, 'web', 'dist');

    handle = async (request: IncomingMessage, response: ServerResponse) => {
      setSecurityHeaders(response, uploadsOrigin);
      // Checked before the URL parser resolves dot segments away (`/chapter/%2e%2e` would become `/`), and
      // so that every later decoding of the path is known to succeed.
      const pathProblem = requestPathProblem(requestTargetPath(request.url ?? '/'));
      if (pathProblem) return sendJson(response, 400, { error: 'validation_failed', message: pathProblem });
      const url = new URL(request.url ?? '/', origin);

      // One origin for cookies, the OIDC redirect URIs and the cross-site check.
      if (request.headers.host && request.headers.host !== url.host) {
        response.writeHead(302, { location: new URL(url.pathname + url.search, origin).href });
        response.end();
        return;
      }
      if (await issuer.handle(request, response)) return;

      if (url.pathname.startsWith(`${IMAGES_PREFIX}/`) && request.method === 'GET') {
        const blob = await ports.blobs.get('images', decodeURIComponent(url.pathname.slice(1)));
        if (!blob) return sendJson(response, 404, { error: 'not_found', message: 'Not found.' });
        response.writeHead(200, {
          'content-type': blob.contentType,
          'content-length': String(blob.body.length),
          'cache-control': 'public, max-age=86400',
        });
        response.end(blob.body);
        return;
      }

      const match = router.match(request.method ?? 'GET', url.pathname);
      if (match) {
        const body = await readBodyOrRefuse(request, response);
        if (body === undefined) return;
        const event = toApiGatewayEvent(request, url, body, match);
        const handler = await handlers.get(match.definition)!();
        writeApiGatewayResult(response, await handler(event, lambdaContext(match.definition.handler)));
        return;
      }
      if (isApiPath(url.pathname)) {
        return sendJson(response, 404, { error: 'not_found', message: 'Not found.' });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendJson(response, 405, { error: 'method_not_allowed', message: 'Method not allowed.' });
      }
      await serveWebApp(webRoot, url.pathname, response, request.headers['accept-encoding']);
    };

    // Scheduled jobs (EventBridge in AWS): once at start, then on a timer. A failed run is logged; the next
    // run picks up where it stopped.
    const scheduled = scheduledJobs.map((job) => ({
      job,
      handler: importHandler<() => Promise<unknown>>(job.handler),
    }));
    const runScheduledJobs = async () => {
      for (const { job, handler } of scheduled) {
        try {
          await (
            await handler()
          )();
        } catch (error) {
          logger.error(`scheduled job ${job.name} failed`, describeError(error));
        }
      }
    };
    const timers = scheduled.map(({ job, handler }) =>
      setInterval(() => {
        void handler()
          .then((run) => run())
          .catch((error: unknown) => logger.error(`scheduled job ${job.name} failed`, describeError(error)));
      }, job.embeddedIntervalMs).unref(),
    );
    const firstRun = runScheduledJobs();
    stops.push(async () => {
      timers.forEach((timer) => clearInterval(timer));
      await firstRun;
    });

    return {
      url: origin,
      uploadsOrigin: s3.endpoint,
      ports,
      database: createDatabase(config),
      queue,
      runScheduledJobs,
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** CloudFront's headers, as sent over the plain HTTP the embedded runtime speaks. */
function setSecurityHeaders(response: ServerResponse, uploadsOrigin: string | undefined) {
  for (const [name, value] of Object.entries(securityHeaders('http', uploadsOrigin))) {
    response.setHeader(name, value);
  }
}

/** A raw HTTP response for a request the parser refused: JSON, with the security headers, closing the connection. */
function clientErrorResponse(headersTooLarge: boolean, uploadsOrigin: string | undefined): string {
  const [status, reason, body] = headersTooLarge
    ? [
        431,
        'Request Header Fields Too Large',
        { error: 'headers_too_large', message: 'The request line or headers are too large.' },
      ]
    : [400, 'Bad Request', { error: 'bad_request', message: 'The request is not valid HTTP.' }];
  const text = JSON.stringify(body);
  const headers = {
    ...securityHeaders('http', uploadsOrigin),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} ${reason}`, ...head, '', text].join('\r\n');
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
