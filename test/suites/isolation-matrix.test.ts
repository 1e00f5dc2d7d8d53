import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { routes } from '../../lambdas/routes';
import { startTestRuntime, TestBrowser } from '../helpers/embedded-runtime';
import {
  authorData,
  type AuthorIds,
  probes,
  publicRoutes,
  routeKey,
  sendProbe,
  signInWithOneOfEverything,
} from './route-probes';

/**
 * Suite 1 of issue 16: the isolation matrix, generated from the route table. Every route is called by a second
 * author with the first author's ids, and without a session. A route added to `lambdas/routes.ts` without a
 * probe in `route-probes.ts` fails the suite, so no route escapes it.
 */
describe('the isolation matrix over the route table', () => {
  let runtime: EmbeddedRuntime;
  let victim: TestBrowser;
  let intruder: TestBrowser;
  let victimIds: AuthorIds;
  let intruderIds: AuthorIds;

  beforeAll(async () => {
    runtime = await startTestRuntime();
    ({ browser: victim, ids: victimIds } = await signInWithOneOfEverything(runtime, 'victim@example.com'));
    ({ browser: intruder, ids: intruderIds } = await signInWithOneOfEverything(
      runtime,
      'intruder@example.com',
    ));
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('has a probe for every route of the route table, and none for a route that is gone', () => {
    const tableKeys = routes.map(routeKey).sort();

    expect(Object.keys(probes).sort()).toEqual(tableKeys);
    for (const key of Object.keys(publicRoutes)) expect(tableKeys).toContain(key);
  });

  it.each(routes.filter((route) => !(routeKey(route) in publicRoutes)).map(routeKey))(
    '%s answers 401 JSON without a session',
    async (key) => {
      const anonymous = new TestBrowser(runtime.url);
      const method = key.split(' ')[0]!;

      const response = await sendProbe(anonymous, method, probes[key]!.request(victimIds, intruderIds));

      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    },
  );

  it.each(Object.entries(publicRoutes))('%s is public: %s', async (key, { anonymousStatus }) => {
    const anonymous = new TestBrowser(runtime.url);

    const response = await sendProbe(
      anonymous,
      key.split(' ')[0]!,
      probes[key]!.request(victimIds, intruderIds),
    );

    expect(response.status).toBe(anonymousStatus);
  });

  it("answers each route as the matrix says to the second author, and leaves the first author's data as it was", async () => {
    const before = await authorData(victim, victimIds);
    const answered: Record<string, number> = {};
    const expected: Record<string, number> = {};
    // Sign-out last: it ends the intruder's session.
    const ordered = [...routes].sort(
      (left, right) => Number(left.path === '/auth/logout') - Number(right.path === '/auth/logout'),
    );

    for (const route of ordered) {
      const key = routeKey(route);
      const probe = probes[key]!;
      const response = await sendProbe(intruder, route.method, probe.request(victimIds, intruderIds));
      answered[key] = response.status;
      expected[key] = probe.intruderStatus;
      if (response.status >= 400) {
        expect(await response.json(), key).toMatchObject({
          error: expect.any(String),
          message: expect.any(String),
        });
      }
    }
    await runtime.queue.drain();

    expect(answered).toEqual(expected);
    expect(await authorData(victim, victimIds)).toEqual(before);
  });
});
