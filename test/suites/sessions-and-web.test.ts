import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { clearCookie, serializeCookie, sessionCookieName } from '../../lambdas/middleware/cookies';
import { routes } from '../../lambdas/routes';
import { securityHeaders } from '../../shared/security-headers';
import { signIn, startTestRuntime, TestBrowser } from '../helpers/embedded-runtime';
import { testConfig } from '../helpers/ports';
import {
  type AuthorIds,
  probes,
  publicRoutes,
  routeKey,
  sendProbe,
  signInWithOneOfEverything,
} from './route-probes';

/**
 * Suite 6 of issue 16: the session cookie's flags, cross-site writes, sign-out and expiry on the server, and the
 * security headers of the embedded runtime (CloudFront's come from the same `shared/security-headers.ts`;
 * test/infra/app.test.ts compares the synthesized policy with it).
 */

const writeRoutes = routes.filter((route) => route.method !== 'GET' && route.path !== '/billing/webhook');
const sessionRoutes = routes.filter((route) => !(routeKey(route) in publicRoutes));

/** Parses `name=value; Flag; Key=Value` into the cookie's name, value and attributes (lower-case keys). */
function parseSetCookie(header: string) {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
  return {
    name,
    value,
    attributes: Object.fromEntries(
      attributes.map((attribute) => {
        const [key, ...rest] = attribute.split('=');
        return [key!.toLowerCase(), rest.join('=') || true];
      }),
    ),
  };
}

describe('sessions and web security', () => {
  // Starts at the real time: DynamoDB Local deletes items whose `ttl` has passed by the real clock, so a
  // sign-in flow saved at a fixed time in the past could be swept away before its callback.
  const clock = { now: new Date() };
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let ids: AuthorIds;

  beforeAll(async () => {
    runtime = await startTestRuntime({ now: () => clock.now });
    ({ browser: author, ids } = await signInWithOneOfEverything(runtime, 'careful@example.com'));
  });

  afterAll(async () => {
    await runtime?.close();
  });

  describe('cookies', () => {
    it('sets the sign-in state and the session as HttpOnly, SameSite=Lax cookies for the whole site', async () => {
      const setCookies: string[] = [];
      const fetchAsBrowser = TestBrowser.prototype.fetch;
      const spy = vi.spyOn(TestBrowser.prototype, 'fetch').mockImplementation(async function (
        this: TestBrowser,
        ...args
      ) {
        const response = await fetchAsBrowser.apply(this, args);
        setCookies.push(...response.headers.getSetCookie());
        return response;
      });

      try {
        await signIn(runtime, 'flags@example.com');
      } finally {
        spy.mockRestore();
      }

      const cookies = setCookies.map(parseSetCookie).filter((cookie) => cookie.name.startsWith('lw_'));
      const session = cookies.find((cookie) => cookie.name === 'lw_session' && cookie.value !== '');
      const state = cookies.find((cookie) => cookie.name === 'lw_sign_in_state' && cookie.value !== '');
      for (const cookie of [session, state]) {
        expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: 'Lax' });
        // Plain HTTP on localhost: a Secure cookie would never be sent back.
        expect(cookie?.attributes).not.toHaveProperty('secure');
      }
      expect(session!.attributes).toMatchObject({ path: '/' });
      expect(session!.value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    });

    it('makes the session a Secure __Host- cookie wherever the app is served over HTTPS', () => {
      const config = testConfig({ APP_ORIGIN: 'https://write.example.com' });

      const cookie = parseSetCookie(
        serializeCookie(config, sessionCookieName(config), 'abc', { maxAgeSeconds: 60 }),
      );
      const cleared = parseSetCookie(clearCookie(config, sessionCookieName(config)));

      expect(cookie).toMatchObject({
        name: '__Host-lw_session',
        attributes: { httponly: true, secure: true, samesite: 'Lax', path: '/' },
      });
      expect(cookie.attributes).not.toHaveProperty('domain');
      expect(cleared).toMatchObject({ value: '', attributes: { 'max-age': '0', secure: true } });
    });
  });

  describe('cross-site writes', () => {
    const crossSiteHeaders: [string, Record<string, string>][] = [
      ['another Origin', { origin: 'https://evil.example' }],
      ['Origin null (a sandboxed frame)', { origin: 'null' }],
      ['the same host on another scheme', { origin: 'https://localhost' }],
    ];

    it.each(crossSiteHeaders)(
      'refuses every write route sent from %s with 403, changing nothing',
      async (_, headers) => {
        const before = await (await author.fetch(`/api/stories/${ids.storyId}/full`)).text();
        const answers: Record<string, number> = {};

        for (const route of writeRoutes) {
          const request = probes[routeKey(route)]!.request(ids, ids);
          const response = await author.fetch(request.path, {
            method: route.method,
            headers: {
              ...headers,
              ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
          });
          answers[routeKey(route)] = response.status;
        }

        expect(answers).toEqual(Object.fromEntries(writeRoutes.map((route) => [routeKey(route), 403])));
        expect(await (await author.fetch(`/api/stories/${ids.storyId}/full`)).text()).toBe(before);
      },
    );

    it('judges a write by Sec-Fetch-Site when it carries no Origin', async () => {
      // Plain fetch, not the test browser, which adds the app's Origin to every write.
      const settingsWith = (fetchSite: string) =>
        fetch(new URL(`/api/stories/${ids.storyId}/settings`, runtime.url), {
          method: 'PUT',
          headers: {
            cookie: `lw_session=${author.cookie('lw_session')}`,
            'content-type': 'application/json',
            'sec-fetch-site': fetchSite,
          },
          body: JSON.stringify({ spellcheck: true, autotab: true }),
        });

      const crossSite = await settingsWith('cross-site');
      const sameSite = await settingsWith('same-site');
      const sameOrigin = await settingsWith('same-origin');

      expect([crossSite.status, sameSite.status, sameOrigin.status]).toEqual([403, 403, 200]);
      expect(await crossSite.json()).toEqual({
        error: 'forbidden',
        message: 'Cross-site requests are not allowed.',
      });
    });
  });

  describe('sign-out and expiry', () => {
    it('revokes the session on the server: the old cookie is refused by every route that needs a session', async () => {
      const leaving = await signIn(runtime, 'leaving@example.com');
      const oldCookie = leaving.cookie('lw_session')!;
      expect((await leaving.fetch('/api/user')).status).toBe(200);

      expect((await leaving.fetch('/auth/logout', { method: 'DELETE' })).status).toBe(204);

      const replay = new TestBrowser(runtime.url);
      replay.setCookie('lw_session', oldCookie);
      const answers: Record<string, number> = {};
      for (const route of sessionRoutes) {
        answers[routeKey(route)] = (
          await sendProbe(replay, route.method, probes[routeKey(route)]!.request(ids, ids))
        ).status;
      }
      expect(answers).toEqual(Object.fromEntries(sessionRoutes.map((route) => [routeKey(route), 401])));
    });

    it('refuses a session once its lifetime has passed, though its item is still in the table', async () => {
      const browser = await signIn(runtime, 'expiring@example.com');
      const sessionId = browser.cookie('lw_session')!;
      const ttlSeconds = runtime.ports.config.SESSION_TTL_SECONDS;
      expect((await browser.fetch('/api/user')).status).toBe(200);

      clock.now = new Date(clock.now.getTime() + (ttlSeconds - 60) * 1000);
      expect((await browser.fetch('/api/user')).status).toBe(200);
      clock.now = new Date(clock.now.getTime() + 120 * 1000);
      const expired = await browser.fetch('/api/user');

      expect(expired.status).toBe(401);
      expect(await expired.json()).toMatchObject({ error: 'unauthenticated' });
      // DynamoDB deletes expired items when it gets to them (up to days later): the expiry itself is checked.
      const stored = await runtime.ports.repositories.sessions.find(sessionId, new Date(0));
      expect(stored).toBeDefined();
    });
  });

  describe('security headers', () => {
    it.each([
      '/stories',
      '/api/stories',
      '/api/user',
      '/api/no-such-route',
      '/images/missing.png',
      '/auth/google',
      '/oidc/interaction/gone',
    ])('GET %s carries exactly the headers CloudFront sends, as plain HTTP allows them', async (path) => {
      const response = await author.sendRaw('GET', path);

      const sent = Object.fromEntries(
        Object.keys(securityHeaders('https')).map((name) => [name, response.headers[name]]),
      );
      expect(sent).toEqual({
        ...securityHeaders('http', runtime.uploadsOrigin),
        'strict-transport-security': undefined,
      });
    });

    it('differs from the HTTPS set only by what plain HTTP cannot use', () => {
      const https = securityHeaders('https');
      const http = securityHeaders('http');

      expect(https['content-security-policy']).toBe(
        `${http['content-security-policy']}; upgrade-insecure-requests`,
      );
      expect({ ...https, 'content-security-policy': '', 'strict-transport-security': '' }).toEqual({
        ...http,
        'content-security-policy': '',
        'strict-transport-security': '',
      });
    });
  });
});
