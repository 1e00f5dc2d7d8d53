import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import { signIn, startTestRuntime, TestBrowser } from '../helpers/embedded-runtime';

describe('sign-in through the embedded issuer', () => {
  let runtime: EmbeddedRuntime;

  beforeAll(async () => {
    runtime = await startTestRuntime();
  });

  afterAll(async () => {
    await runtime?.close();
  });

  it('signs in, reads the user, signs out and is then refused', async () => {
    const browser = await signIn(runtime, 'ada@example.com', 'Ada');

    const signedIn = await browser.fetch('/api/user');
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({
      customer_id: '',
      subscription_id: '',
      renewing: false,
      expired: false,
      expires_at: '',
      name: 'Ada',
      email: 'ada@example.com',
    });

    const signOut = await browser.fetch('/auth/logout', { method: 'DELETE' });
    expect(signOut.status).toBe(204);
    expect((await browser.fetch('/api/user')).status).toBe(401);
  });

  it('revokes the session on the server, so a copied cookie stops working after sign-out', async () => {
    const browser = await signIn(runtime, 'grace@example.com');
    const copy = new TestBrowser(runtime.url);
    copy.setCookie('lw_session', browser.cookie('lw_session')!);

    await browser.fetch('/auth/logout', { method: 'DELETE' });

    expect((await copy.fetch('/api/user')).status).toBe(401);
  });

  it('gives each author their own account, and the same account on the next sign-in', async () => {
    const first = await signIn(runtime, 'mary@example.com', 'Mary');
    const second = await signIn(runtime, 'percy@example.com', 'Percy');
    const again = await signIn(runtime, 'mary@example.com', 'Mary');

    expect((await (await first.fetch('/api/user')).json()).email).toBe('mary@example.com');
    expect((await (await second.fetch('/api/user')).json()).email).toBe('percy@example.com');
    expect((await (await again.fetch('/api/user')).json()).email).toBe('mary@example.com');
    expect(first.cookie('lw_session')).not.toBe(again.cookie('lw_session'));
  });

  it('refuses a callback whose state was issued to another browser', async () => {
    const victim = new TestBrowser(runtime.url);
    const start = await victim.fetch('/auth/google');
    const authorizationUrl = new URL(start.headers.get('location')!);
    const attacker = new TestBrowser(runtime.url);

    const response = await attacker.fetch(
      `/auth/google/callback?code=stolen&state=${authorizationUrl.searchParams.get('state')}`,
    );

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('answers 404 JSON for an unknown provider and an unknown API path', async () => {
    const browser = new TestBrowser(runtime.url);

    const provider = await browser.fetch('/auth/myspace');
    const api = await browser.fetch('/api/nothing-here');

    expect(provider.status).toBe(400);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found' });
  });

  it('refuses sign-out requested by another site', async () => {
    const browser = await signIn(runtime, 'eve@example.com');

    const response = await browser.fetch('/auth/logout', {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });

    expect(response.status).toBe(403);
    expect((await browser.fetch('/api/user')).status).toBe(200);
  });
});
