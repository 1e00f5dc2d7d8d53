import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { routes, type RouteDefinition } from '../../lambdas/routes';
import type { AssociationListItem, CreateAssociationsRequest } from '../../shared/schemas/associations';
import type { CustomerResponse, PaymentMethod, Product } from '../../shared/schemas/billing';
import type { Story } from '../../shared/schemas/story';
import { signIn, startTestRuntime, TestBrowser } from '../helpers/embedded-runtime';
import { multipartForm, png } from '../helpers/images';

/**
 * Suite 1 of issue 16: the isolation matrix, generated from the route table. Every route is called by a second
 * author with the first author's ids, and without a session. A route added to `lambdas/routes.ts` without a
 * probe below fails the suite, so no route escapes it.
 */

/** The first author's ids, as an intruder could learn them (a shared link, a log, a guess). */
interface VictimIds {
  storyId: string;
  seriesId: string;
  chapterId: string;
  keyId: string;
  associationId: string;
  exportJobId: string;
  customerId: string;
  paymentMethodId: string;
  priceId: string;
}

/** The intruder's own ids, for routes that mix the two (my series with their story in it). */
interface IntruderIds {
  storyId: string;
  seriesId: string;
  customerId: string;
  paymentMethodId: string;
}

interface ProbeRequest {
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  file?: { bytes: Uint8Array; name: string; type: string };
}

interface RouteProbe {
  /** The request, aimed at the victim's data wherever the route names data. */
  request(victim: VictimIds, intruder: IntruderIds): ProbeRequest;
  /** What the intruder is answered: 404 for someone else's data, or the spec's status where it has one. */
  intruderStatus: number;
  /** Why a route answers the intruder something other than 404. */
  because?: string;
}

/** Public routes (no session needed) and what a caller without a session is answered. */
const publicRoutes: Record<string, { anonymousStatus: number; because: string }> = {
  'GET /auth/{provider}': { anonymousStatus: 302, because: 'starts a sign-in' },
  'GET /auth/{provider}/callback': {
    anonymousStatus: 400,
    because: 'finishes a sign-in; no state, no session',
  },
  'DELETE /auth/logout': { anonymousStatus: 204, because: 'signing out without a session is a no-op' },
  'POST /billing/webhook': { anonymousStatus: 400, because: 'the provider proves itself by its signature' },
};

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const paragraphChunk = (keyId: string) =>
  JSON.stringify({
    type: 'custom-paragraph',
    key_id: keyId,
    format: '',
    indent: 0,
    direction: null,
    children: [{ type: 'text', text: 'Taken over', format: 0, style: '', detail: 0 }],
  });

const probes: Record<string, RouteProbe> = {
  'GET /auth/{provider}': {
    request: () => ({ path: '/auth/google' }),
    intruderStatus: 302,
    because: 'starts a new sign-in for whoever asks',
  },
  'GET /auth/{provider}/callback': {
    request: () => ({ path: '/auth/google/callback?code=stolen&state=stolen' }),
    intruderStatus: 400,
    because: 'a state issued to another browser is refused',
  },
  'DELETE /auth/logout': {
    request: () => ({ path: '/auth/logout' }),
    intruderStatus: 204,
    because: "signs out the caller's own session; run last, the victim's session is checked after",
  },
  'GET /api/user': {
    request: () => ({ path: '/api/user' }),
    intruderStatus: 200,
    because: 'the caller only',
  },
  'PUT /api/user': {
    request: () => ({ path: '/api/user', json: { renewing: true } }),
    intruderStatus: 200,
    because: "the caller's own subscription only",
  },
  'POST /billing/customer': {
    request: () => ({ path: '/billing/customer' }),
    intruderStatus: 200,
    because: "answers the caller's own customer",
  },
  'PUT /billing/customer': {
    request: (v) => ({
      path: '/billing/customer',
      json: { customer_id: v.customerId, payment_method_id: v.paymentMethodId },
    }),
    intruderStatus: 403,
    because: "another author's customer is 'foreign_customer'",
  },
  'GET /billing/customer/payment': {
    request: () => ({ path: '/billing/customer/payment' }),
    intruderStatus: 200,
    because: "the caller's own card",
  },
  'GET /billing/products': {
    request: () => ({ path: '/billing/products' }),
    intruderStatus: 200,
    because: 'public catalogue',
  },
  'POST /billing/subscribe': {
    request: (v) => ({
      path: '/billing/subscribe',
      json: { customer_id: v.customerId, payment_method_id: v.paymentMethodId, price_id: v.priceId },
    }),
    intruderStatus: 403,
    because: "another author's customer is 'foreign_customer'",
  },
  'POST /billing/webhook': {
    request: () => ({ path: '/billing/webhook', json: { type: 'invoice.paid' } }),
    intruderStatus: 400,
    because: 'an unsigned delivery is refused',
  },
  'POST /billing/local/payment-methods': {
    request: () => ({
      path: '/billing/local/payment-methods',
      json: { number: '4242424242424242', expiration_month: 12, expiration_year: 2040, cvc: '123' },
    }),
    intruderStatus: 201,
    because: 'tokenises a card for the caller, touching no stored data',
  },
  'GET /api/stories': {
    request: () => ({ path: '/api/stories' }),
    intruderStatus: 200,
    because: "the caller's list",
  },
  'POST /api/stories': {
    request: (v) => ({
      path: '/api/stories',
      form: { title: 'Cuckoo', description: 'In their nest.', series_id: v.seriesId },
    }),
    intruderStatus: 404,
  },
  'POST /api/stories/import': {
    request: (v) => ({
      path: '/api/stories/import',
      form: { series_id: v.seriesId },
      file: { bytes: Buffer.from('# One\n\nIn their series.\n'), name: 'cuckoo.md', type: 'text/markdown' },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/full': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/full` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/details': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/details`,
      form: { title: 'Hijacked', description: 'Mine.' },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/settings': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/settings` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/settings': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/settings`,
      json: { spellcheck: false, autotab: false },
    }),
    intruderStatus: 404,
  },
  'GET /api/series': {
    request: () => ({ path: '/api/series' }),
    intruderStatus: 200,
    because: "the caller's list",
  },
  'GET /api/series/{seriesId}': {
    request: (v) => ({ path: `/api/series/${v.seriesId}` }),
    intruderStatus: 404,
  },
  'PUT /api/series/{seriesId}': {
    request: (v) => ({
      path: `/api/series/${v.seriesId}`,
      form: { series_title: 'Hijacked', series_description: 'Mine.', stories: '[]' },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/series/{seriesId}': {
    request: (v) => ({ path: `/api/series/${v.seriesId}` }),
    intruderStatus: 404,
  },
  'PUT /api/series/{seriesId}/story/{storyId}': {
    request: (v, i) => ({ path: `/api/series/${i.seriesId}/story/${v.storyId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/chapter': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapter`, json: { title: 'Mine', place: 1 } }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/chapters/{chapterId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapters/${v.chapterId}` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/chapters/{chapterId}': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/chapters/${v.chapterId}`,
      json: { title: 'Hijacked' },
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/chapters': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapters`, json: [{ id: v.chapterId, place: 1 }] }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/chapter/{chapterId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/chapter/${v.chapterId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/content': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/content?chapter=${v.chapterId}` }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}': {
    request: (v, i) => ({
      // Through the intruder's own story: the chapter must still be checked to belong to it.
      path: `/api/stories/${i.storyId}`,
      json: {
        chapter_id: v.chapterId,
        blocks: [{ key_id: v.keyId, chunk: paragraphChunk(v.keyId), place: '0' }],
      },
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/block': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/block`,
      json: { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId }] },
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/orderMap': {
    request: (v, i) => ({
      path: `/api/stories/${i.storyId}/orderMap`,
      json: { chapter_id: v.chapterId, blocks: [{ key_id: v.keyId, place: 0 }] },
    }),
    intruderStatus: 404,
  },
  'POST /api/outline': {
    request: (v) => ({ path: '/api/outline', json: { storyID: v.storyId, type: 'fiveAct' } }),
    intruderStatus: 404,
  },
  'PUT /api/outline': {
    request: (v) => ({
      path: '/api/outline',
      json: { storyID: v.storyId, section: { place: 1, text: 'Hijacked', chapters: [v.chapterId] } },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/thumbs': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/thumbs` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/{associationId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/${v.associationId}` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/associations': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations`,
      json: [{ association_name: 'Spy', association_type: 'character' }] satisfies CreateAssociationsRequest,
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/associations': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations`,
      json: [{ association_id: v.associationId, association_name: 'Hijacked' }],
    }),
    intruderStatus: 404,
  },
  'DELETE /api/stories/{storyId}/associations': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations`,
      json: [{ association_id: v.associationId }],
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/associations/{associationId}/upload': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations/${v.associationId}/upload`,
      form: {},
      file: { bytes: ONE_PIXEL_PNG, name: 'face.png', type: 'image/png' },
    }),
    intruderStatus: 404,
  },
  'PUT /api/stories/{storyId}/export': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/export?type=pdf`, json: {} }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/export/{jobId}': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/export/${v.exportJobId}` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/{associationId}/appearances': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/${v.associationId}/appearances` }),
    intruderStatus: 404,
  },
  'POST /api/stories/{storyId}/associations/{associationId}/rename': {
    request: (v) => ({
      path: `/api/stories/${v.storyId}/associations/${v.associationId}/rename`,
      json: { association_name: 'Hijacked', replace_in_text: true },
    }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/suggestions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/suggestions` }),
    intruderStatus: 404,
  },
  'GET /api/stories/{storyId}/associations/mentions': {
    request: (v) => ({ path: `/api/stories/${v.storyId}/associations/mentions` }),
    intruderStatus: 404,
  },
};

const routeKey = (route: RouteDefinition) => `${route.method} ${route.path}`;

function send(browser: TestBrowser, method: string, request: ProbeRequest): Promise<Response> {
  if (request.form) {
    return browser.fetch(request.path, { method, body: multipartForm(request.form, request.file) });
  }
  return browser.sendJson(method, request.path, request.json);
}

async function answer<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** Card, customer, default card and subscription, through the local payment provider's API. */
async function subscribe(browser: TestBrowser) {
  const card = await answer<PaymentMethod>(
    await browser.sendJson('POST', '/billing/local/payment-methods', {
      number: '4242 4242 4242 4242',
      expiration_month: 12,
      expiration_year: 2040,
      cvc: '123',
    }),
    201,
  );
  const customer = await answer<CustomerResponse>(await browser.sendJson('POST', '/billing/customer'), 200);
  const [product] = await answer<Product[]>(await browser.fetch('/billing/products'), 200);
  await answer(
    await browser.sendJson('POST', '/billing/subscribe', {
      payment_method_id: card.id,
      customer_id: customer.id,
      price_id: product!.price_id,
    }),
    200,
  );
  return { customerId: customer.id, paymentMethodId: card.id, priceId: product!.price_id };
}

async function createStory(browser: TestBrowser, fields: Record<string, string>): Promise<Story> {
  const response = await browser.fetch('/api/stories', {
    method: 'POST',
    body: multipartForm(fields, { bytes: await png(), name: 'cover.png', type: 'image/png' }),
  });
  return answer<Story>(response, 201);
}

describe('the isolation matrix over the route table', () => {
  let runtime: EmbeddedRuntime;
  let victim: TestBrowser;
  let intruder: TestBrowser;
  let victimIds: VictimIds;
  let intruderIds: IntruderIds;

  /** Everything of the victim's the API shows them: it must be the same before and after the intrusions. */
  const victimData = async () => {
    const read = async (path: string) => {
      const response = await victim.fetch(path);
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const { storyId, seriesId, associationId, exportJobId } = victimIds;
    return {
      user: await read('/api/user'),
      card: await read('/billing/customer/payment'),
      stories: await read('/api/stories'),
      series: await read(`/api/series/${seriesId}`),
      story: await read(`/api/stories/${storyId}`),
      full: await read(`/api/stories/${storyId}/full`),
      settings: await read(`/api/stories/${storyId}/settings`),
      thumbs: await read(`/api/stories/${storyId}/associations/thumbs`),
      association: await read(`/api/stories/${storyId}/associations/${associationId}`),
      exportJob: (await victim.fetch(`/api/stories/${storyId}/export/${exportJobId}`)).status,
    };
  };

  beforeAll(async () => {
    runtime = await startTestRuntime();
    victim = await signIn(runtime, 'victim@example.com', 'Victim');
    intruder = await signIn(runtime, 'intruder@example.com', 'Intruder');
    const victimBilling = await subscribe(victim);
    const intruderBilling = await subscribe(intruder);

    const story = await createStory(victim, { title: 'Private', description: 'Mine.', series_title: 'Saga' });
    await createStory(victim, {
      title: 'Private Two',
      description: 'Also mine.',
      series_id: story.series_id!,
    });
    const chapterId = story.chapters![0]!.id;
    const content = (await (
      await victim.fetch(`/api/stories/${story.story_id}/content?chapter=${chapterId}`)
    ).json()) as { items: { key_id: { Value: string } }[] };
    await answer(
      await victim.sendJson('POST', `/api/stories/${story.story_id}/associations`, [
        { association_name: 'Ada', association_type: 'character' },
      ]),
      201,
    );
    const [association] = await answer<AssociationListItem[]>(
      await victim.fetch(`/api/stories/${story.story_id}/associations/thumbs`),
      200,
    );
    await answer(
      await victim.sendJson('POST', '/api/outline', { storyID: story.story_id, type: 'threeAct' }),
      201,
    );
    const exportJobId = 'job-of-the-victim';
    const now = new Date().toISOString();
    await runtime.ports.repositories.exportJobs.create(
      {
        job_id: exportJobId,
        story_id: story.story_id,
        type: 'pdf',
        layout: 'manuscript',
        status: 'running',
        created_at: now,
        updated_at: now,
      },
      new Date(Date.now() + 86_400_000),
    );
    victimIds = {
      storyId: story.story_id,
      seriesId: story.series_id!,
      chapterId,
      keyId: content.items[0]!.key_id.Value,
      associationId: association!.association_id,
      exportJobId,
      ...victimBilling,
    };
    const own = await createStory(intruder, {
      title: 'Mine',
      description: 'Really mine.',
      series_title: 'My Saga',
    });
    intruderIds = {
      storyId: own.story_id,
      seriesId: own.series_id!,
      customerId: intruderBilling.customerId,
      paymentMethodId: intruderBilling.paymentMethodId,
    };
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

      const response = await send(anonymous, method, probes[key]!.request(victimIds, intruderIds));

      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    },
  );

  it.each(Object.entries(publicRoutes))('%s is public: %s', async (key, { anonymousStatus }) => {
    const anonymous = new TestBrowser(runtime.url);

    const response = await send(anonymous, key.split(' ')[0]!, probes[key]!.request(victimIds, intruderIds));

    expect(response.status).toBe(anonymousStatus);
  });

  it("answers each route as the matrix says to the second author, and leaves the first author's data as it was", async () => {
    const before = await victimData();
    const answered: Record<string, number> = {};
    const expected: Record<string, number> = {};
    // Sign-out last: it ends the intruder's session.
    const ordered = [...routes].sort(
      (left, right) => Number(left.path === '/auth/logout') - Number(right.path === '/auth/logout'),
    );

    for (const route of ordered) {
      const key = routeKey(route);
      const probe = probes[key]!;
      const response = await send(intruder, route.method, probe.request(victimIds, intruderIds));
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
    expect(await victimData()).toEqual(before);
  });
});
