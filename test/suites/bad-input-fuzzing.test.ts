import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORTS_BUCKET,
  IMAGES_BUCKET,
  UPLOADS_BUCKET,
  VERSIONS_BUCKET,
  type EmbeddedRuntime,
} from '../../local/embedded-runtime';
import { routes, type RouteDefinition } from '../../lambdas/routes';
import { startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import {
  authorData,
  type AuthorIds,
  probes,
  publicRoutes,
  type ProbeRequest,
  routeKey,
  signInWithOneOfEverything,
} from './route-probes';

/**
 * Suite 2 of issue 16: property-based fuzzing of every route's path, query, headers and body on the embedded
 * runtime. Each request carries one defect that must get it refused — a hostile path segment, a bad query
 * value, malformed or wrongly typed JSON (huge, deeply nested, with prototype keys, invalid UTF-8), a wrong
 * content type, a broken multipart body, a cross-site origin, no session — so the properties are: never a
 * 5xx, every 4xx a JSON `{error, message}`, no write accepted, the author's data unchanged, and the server
 * still answering. The seed is fixed, so a failure reproduces.
 *
 * After each route every stored item and object is compared with what was stored before it (one table scan and
 * one listing per bucket), and after the last route everything the API shows the author is compared once: reading
 * the author's data through the API after every route took half the suite's time.
 */

const SEED = 16_2026;
/** Requests sent at once: the runtime must cope with a burst, and the suite stays quick on two cores. */
const BATCH_SIZE = 10;
const MINIMUM_REQUESTS = 10_000;
/** Just enough batches for every route of the table to reach the minimum between them. */
const BATCHES_PER_ROUTE = Math.ceil(MINIMUM_REQUESTS / (BATCH_SIZE * routes.length));

interface FuzzRequest {
  defect: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** Sent without the author's session cookie. */
  anonymous?: boolean;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxk';

/** Path segments a careless or hostile client sends in place of an id. */
const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2E.',
    '.%2e',
    '%2e',
    '%ZZ',
    '%',
    '%E0%A4%A',
    '%C3%28',
    '%FF%FE%FD',
    '%00',
    '%2F',
    'a%2F..',
    '%5C..',
    '\\..',
    '',
    '%20',
    '__proto__',
    'constructor',
    'null',
    'undefined',
    '0',
    '-1',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@%-]{1,60}$/),
  fc.integer({ min: 300, max: 20_000 }).map((length) => 'a'.repeat(length)),
);

/** Query values: bad percent-encoding, prototype names, huge values, valid text of any script. */
const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  hostileSegment,
  fc.constantFrom('', '%', '%%', '%u0041', '[]', '{}', 'true', 'NaN', '1e999', '99999999999999999999'),
);

const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/jsonx',
  'multipart/form-data',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'image/png',
  '*/*',
  '',
];

/** JSON of a type other than `original`'s, and never a number or numeric text (places take either). */
function otherJsonType(original: unknown): fc.Arbitrary<unknown> {
  const kind = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
  return fc
    .oneof(
      fc.constant(null),
      fc.boolean(),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
      fc.string({ maxLength: 20 }).filter((text) => !/^\s*-?\d/.test(text) && text.trim() !== ''),
    )
    .filter((value) => kind(value) !== kind(original));
}

/** Every place a value sits in a JSON value, as a path of keys. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

const PROTOTYPE_KEYS = '"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},';

/** Puts prototype keys into the first object of a JSON text, as an attacker hoping for a merge would. */
const withPrototypeKeys = (text: string) => text.replace('{', `{${PROTOTYPE_KEYS}`);

/** JSON bodies a schema must refuse, made from the route's well-formed body. */
function badJsonBody(template: unknown): fc.Arbitrary<{ defect: string; text: string | Buffer }> {
  const templateText = JSON.stringify(template);
  const leaves = leafPaths(template);
  const wrongLeaf = fc
    .constantFrom(...leaves)
    .chain((path) =>
      otherJsonType(
        path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], template),
      ).map((replacement) => JSON.stringify(replaceAt(template, path, replacement))),
    );
  return fc.oneof(
    fc.string({ maxLength: 200 }).map((text) => ({ defect: 'malformed JSON', text })),
    fc
      .integer({ min: 1, max: Math.max(1, templateText.length - 1) })
      .map((length) => ({ defect: 'truncated JSON', text: templateText.slice(0, length) })),
    otherJsonType(template).map((value) => ({ defect: 'wrong body type', text: JSON.stringify(value) })),
    wrongLeaf.map((text) => ({ defect: 'wrong field type', text })),
    wrongLeaf.map((text) => ({ defect: 'prototype keys', text: withPrototypeKeys(text) })),
    fc.constantFrom(...leaves).chain((path) =>
      fc.integer({ min: 100_000, max: 1_500_000 }).map((length) => ({
        defect: 'huge value',
        text: JSON.stringify(replaceAt(template, path, [`${'ω'.repeat(length)}`])),
      })),
    ),
    fc.integer({ min: 1_000, max: 200_000 }).map((depth) => ({
      defect: 'deeply nested',
      text: `${'['.repeat(depth)}${']'.repeat(depth)}`,
    })),
    fc.constantFrom(...leaves).chain((path) =>
      fc.integer({ min: 1_000, max: 50_000 }).map((depth) => ({
        defect: 'deeply nested field',
        text: JSON.stringify(replaceAt(template, path, 0)).replace(
          /:0([,}\]])/,
          `:${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}$1`,
        ),
      })),
    ),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
      defect: 'invalid UTF-8',
      text: Buffer.concat([Buffer.from([0xc3, 0x28, 0xff, 0xfe]), bytes, Buffer.from(templateText)]),
    })),
  );
}

function multipartBody(fields: Record<string, string>, file?: ProbeRequest['file']): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** Multipart bodies a form route must refuse, made from the route's well-formed form. */
function badMultipart(
  probe: ProbeRequest,
): fc.Arbitrary<{ defect: string; contentType: string; body: Buffer }> {
  const wellFormed = multipartBody(probe.form!, probe.file);
  const closing = wellFormed.lastIndexOf(`--${BOUNDARY}--`);
  const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
  const hostileFile = fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }),
    fc.constantFrom(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR'),
      Buffer.from('GIF89a/*\x01\x00\x01\x00*/=alert(1)//'),
      Buffer.from('PK\x03\x04 not really a zip'),
    ),
  );
  const formWith = (fields: Record<string, string>, file?: ProbeRequest['file']) => ({
    contentType: withBoundary,
    body: multipartBody(fields, file),
  });
  const variants: fc.Arbitrary<{ defect: string; contentType: string; body: Buffer }>[] = [
    fc.integer({ min: 0, max: closing }).map((length) => ({
      defect: 'truncated multipart',
      contentType: withBoundary,
      body: wellFormed.subarray(0, length),
    })),
    fc
      .constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary="',
      )
      .map((contentType) => ({ defect: 'no multipart boundary', contentType, body: wellFormed })),
    fc.uint8Array({ maxLength: 4_000 }).map((bytes) => ({
      defect: 'garbage multipart',
      contentType: withBoundary,
      body: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), Buffer.from(bytes)]),
    })),
    fc.constant({
      defect: 'mismatched boundary',
      contentType: withBoundary,
      body: Buffer.from(wellFormed.toString('latin1').replaceAll(BOUNDARY, 'another'), 'latin1'),
    }),
  ];
  if ('title' in probe.form! || 'series_title' in probe.form!) {
    const titleField = 'title' in probe.form! ? 'title' : 'series_title';
    variants.push(
      fc
        .tuple(fc.string({ unit: 'grapheme', minLength: 300, maxLength: 400 }), fc.boolean())
        .map(([title, prototypeFields]) => ({
          defect: 'title too long',
          ...formWith(
            {
              ...(prototypeFields ? { ['__proto__']: '{"polluted":"yes"}', constructor: 'x' } : {}),
              ...probe.form!,
              [titleField]: title,
            },
            probe.file,
          ),
        })),
    );
  }
  if (probe.file) {
    variants.push(
      fc
        .tuple(hostileFile, fc.constantFrom('x.exe', 'cover.png', 'a.svg', 'book.pdf'))
        .map(([bytes, name]) => ({
          defect: 'hostile file',
          ...formWith(probe.form!, { bytes, name, type: 'image/png' }),
        })),
    );
  }
  return fc.oneof(...variants);
}

/** Splits a concrete probe path into its pattern's segments, so each id can be swapped for another. */
function pathSegments(route: RouteDefinition, concretePath: string) {
  const [pathname, query = ''] = concretePath.split('?');
  const pattern = route.path.split('/');
  const concrete = pathname!.split('/');
  return { pattern, concrete, query };
}

function requestsFor(route: RouteDefinition, template: ProbeRequest): fc.Arbitrary<FuzzRequest> {
  const key = routeKey(route);
  const { pattern, concrete, query } = pathSegments(route, template.path);
  const parameterPlaces = pattern.flatMap((segment, index) => (segment.startsWith('{') ? [index] : []));
  const join = (segments: string[], search = query) => `${segments.join('/')}${search ? `?${search}` : ''}`;
  const isPublic = key in publicRoutes;
  const jsonHeaders = { 'content-type': 'application/json' };
  const wellFormedBody: Pick<FuzzRequest, 'headers' | 'body'> = template.form
    ? {
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: multipartBody(template.form, template.file),
      }
    : template.json !== undefined
      ? { headers: jsonHeaders, body: Buffer.from(JSON.stringify(template.json)) }
      : { headers: {} };
  const request = (defect: string, changes: Partial<FuzzRequest>): FuzzRequest => ({
    defect,
    method: route.method,
    path: template.path,
    ...wellFormedBody,
    ...changes,
    // Signing out the fuzzing author would end the run; the route is fuzzed as a visitor instead.
    anonymous: route.path === '/auth/logout' || changes.anonymous === true,
  });

  const variants: fc.Arbitrary<FuzzRequest>[] = [];
  if (parameterPlaces.length > 0) {
    variants.push(
      fc.tuple(fc.constantFrom(...parameterPlaces), hostileSegment).map(([place, segment]) =>
        request('hostile path segment', {
          path: join(concrete.map((s, i) => (i === place ? segment : s))),
        }),
      ),
    );
  } else {
    variants.push(
      hostileSegment.map((segment) =>
        request('unknown path below a route', { path: join([...concrete, segment]) }),
      ),
    );
  }
  if (query) {
    const keys = query.split('&').map((pair) => pair.split('=')[0]!);
    variants.push(
      fc.tuple(fc.constantFrom(...keys), hostileQueryValue).map(([name, value]) =>
        request('hostile query value', {
          path: join(
            concrete,
            query
              .split('&')
              .map((pair) => (pair.startsWith(`${name}=`) ? `${name}=${value}` : pair))
              .join('&'),
          ),
        }),
      ),
    );
  }
  if (route.method === 'GET') {
    variants.push(
      fc
        .array(
          fc.tuple(fc.constantFrom('cursor', 'type', 'chapter', '__proto__', 'x[y]', ''), hostileQueryValue),
          {
            minLength: 1,
            maxLength: 4,
          },
        )
        .map((pairs) =>
          request('query noise', {
            path: join(
              concrete,
              [query, ...pairs.map(([name, value]) => `${name}=${value}`)].filter(Boolean).join('&'),
            ),
          }),
        ),
    );
  }
  if (template.json !== undefined) {
    variants.push(
      badJsonBody(template.json).map(({ defect, text }) => request(defect, { body: Buffer.from(text) })),
      fc
        .constantFrom(...contentTypes)
        .map((contentType) =>
          request('wrong content type', { headers: contentType ? { 'content-type': contentType } : {} }),
        ),
    );
  }
  if (template.form) {
    variants.push(
      badMultipart(template).map(({ defect, contentType, body }) =>
        request(defect, { headers: { 'content-type': contentType }, body }),
      ),
      fc.constant(
        request('JSON to a form route', {
          headers: jsonHeaders,
          body: Buffer.from(JSON.stringify(template.form)),
        }),
      ),
    );
  }
  if (route.method !== 'GET' && route.path !== '/billing/webhook') {
    variants.push(
      fc
        .constantFrom<Record<string, string>>(
          { origin: 'https://evil.example' },
          { origin: 'null' },
          { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        )
        .map((crossSite) =>
          request('cross-site write', { headers: { ...wellFormedBody.headers, ...crossSite } }),
        ),
    );
  }
  if (!isPublic) {
    variants.push(
      fc.stringMatching(/^[A-Za-z0-9_=;. -]{0,80}$/).map((cookie) =>
        request('no session', {
          anonymous: true,
          headers: { ...wellFormedBody.headers, cookie: `lw_session=${cookie}` },
        }),
      ),
    );
  }
  return fc.oneof(...variants);
}

/**
 * Items a request stores without any author's data changing: a sign-in started by `GET /auth/{provider}` (with
 * whatever query noise) and a chapter's text cached by the read that needed it.
 */
const isNotAuthorData = (item: Record<string, unknown>) =>
  String(item.PK).startsWith('SIGNIN#') || item.SK === 'TEXT';

/** Every item of the runtime's table but those above, and every object in its buckets with its checksum. */
async function storedData(runtime: EmbeddedRuntime, s3: S3Client) {
  const { client, tableName } = runtime.database;
  const items: string[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) {
      if (isNotAuthorData(item)) continue;
      // The document client reads a DynamoDB set as a Set, which JSON would write as `{}` whatever it holds.
      items.push(
        JSON.stringify(item, (_key, value: unknown) =>
          value instanceof Set ? [...value].map(String).sort() : value,
        ),
      );
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const objects: string[] = [];
  for (const bucket of [IMAGES_BUCKET, EXPORTS_BUCKET, VERSIONS_BUCKET, UPLOADS_BUCKET]) {
    let continuationToken: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: continuationToken }),
      );
      for (const object of page.Contents ?? []) objects.push(`${bucket}/${object.Key} ${object.ETag}`);
      continuationToken = page.NextContinuationToken;
    } while (continuationToken);
  }
  return { items: items.sort(), objects: objects.sort() };
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

describe('bad input on every route (fast-check, fixed seed)', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let ids: AuthorIds;
  let s3: S3Client;
  let shownBefore: Awaited<ReturnType<typeof authorData>>;
  let storedBefore: Awaited<ReturnType<typeof storedData>>;
  let requestsSent = 0;
  const statuses = new Map<number, number>();
  const uncaught: unknown[] = [];
  const recordUncaught = (error: unknown) => uncaught.push(error);

  const send = async (fuzz: FuzzRequest): Promise<Answer> => {
    // Node's client sends a DELETE body without a length, so the server would read it as the next request.
    const headers: Record<string, string> = {
      ...fuzz.headers,
      ...(fuzz.body ? { 'content-length': String(fuzz.body.length) } : {}),
    };
    const response = await author.sendRaw(fuzz.method, fuzz.path, {
      headers: fuzz.anonymous ? { cookie: headers.cookie ?? 'lw_session=none', ...headers } : headers,
      ...(fuzz.body ? { body: fuzz.body } : {}),
    });
    requestsSent += 1;
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    return {
      status: response.status,
      contentType: String(response.headers['content-type'] ?? ''),
      text: response.text,
    };
  };

  beforeAll(async () => {
    process.on('uncaughtException', recordUncaught);
    runtime = await startTestRuntime();
    ({ browser: author, ids } = await signInWithOneOfEverything(runtime, 'fuzzed@example.com'));
    s3 = new S3Client({
      region: 'local',
      endpoint: runtime.uploadsOrigin,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    shownBefore = await authorData(author, ids);
    storedBefore = await storedData(runtime, s3);
  });

  afterAll(async () => {
    process.off('uncaughtException', recordUncaught);
    const tally = [...statuses]
      .sort(([left], [right]) => left - right)
      .map(([status, count]) => `${status}×${count}`);
    console.info(
      `bad-input fuzzing: ${requestsSent} requests over ${routes.length} routes (seed ${SEED}): ${tally.join(' ')}`,
    );
    s3?.destroy();
    await runtime?.close();
  });

  it('fuzzes every route of the route table', () => {
    expect(Object.keys(probes).sort()).toEqual(routes.map(routeKey).sort());
  });

  it.each(routes.map((route) => [routeKey(route), route] as const))(
    '%s: no 5xx, JSON refusals, no write accepted, nothing stored changed',
    async (key, route) => {
      const requests = requestsFor(route, probes[key]!.request(ids, ids));

      await fc.assert(
        fc.asyncProperty(
          fc.array(requests, { minLength: BATCH_SIZE, maxLength: BATCH_SIZE }),
          async (batch) => {
            const answers = await Promise.all(batch.map(send));
            answers.forEach((answer, index) => {
              const { defect, path } = batch[index]!;
              const where = `${defect}: ${route.method} ${path.slice(0, 200)} → ${answer.status} ${answer.text.slice(0, 200)}`;
              expect(answer.status, where).toBeLessThan(500);
              if (answer.status >= 400) {
                expect(answer.contentType, where).toMatch(/^application\/json/);
                const body = JSON.parse(answer.text) as { error?: unknown; message?: unknown };
                expect(body.error, where).toEqual(expect.any(String));
                expect(body.message, where).toMatch(/\w{3,}/);
              }
              if (route.method !== 'GET' && answer.status < 400) {
                expect.fail(`accepted a write it should have refused — ${where}`);
              }
            });
          },
        ),
        { seed: SEED, numRuns: BATCHES_PER_ROUTE, endOnFailure: true },
      );
      await runtime.queue.drain();

      expect(uncaught).toEqual([]);
      expect(await storedData(runtime, s3)).toEqual(storedBefore);
    },
  );

  it(`sent at least ${MINIMUM_REQUESTS} requests, polluted no prototype, and the server still answers with the author's data as it was`, async () => {
    expect(requestsSent).toBeGreaterThanOrEqual(MINIMUM_REQUESTS);
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(uncaught).toEqual([]);
    expect((await author.fetch('/api/user')).status).toBe(200);
    expect(await authorData(author, ids)).toEqual(shownBefore);
  });
});
