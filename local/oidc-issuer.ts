import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { errors, type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';
import { signInProviders } from '../lambdas/adapters/oidc/provider-names';

export const EMBEDDED_CLIENT_ID = 'loreweaver-embedded';
export const ISSUER_PATH = '/oidc';

const providerLabels: Record<string, string> = {
  google: 'Google',
  amazon: 'Amazon',
  microsoftonline: 'Microsoft',
};

/**
 * The issuer's own state (interactions, codes, grants) only has to outlive one sign-in; it lives in memory,
 * and the app's sessions live in DynamoDB.
 */
class MemoryAdapter implements Adapter {
  private static readonly stores = new Map<
    string,
    Map<string, { payload: AdapterPayload; expiresAt: number }>
  >();
  private readonly store: Map<string, { payload: AdapterPayload; expiresAt: number }>;

  constructor(name: string) {
    this.store = MemoryAdapter.stores.get(name) ?? new Map();
    MemoryAdapter.stores.set(name, this.store);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    this.store.set(id, { payload, expiresAt: Date.now() + expiresIn * 1000 });
  }

  async find(id: string) {
    const entry = this.store.get(id);
    if (!entry || entry.expiresAt <= Date.now()) return undefined;
    return entry.payload;
  }

  async findByUserCode() {
    return undefined;
  }

  async findByUid(uid: string) {
    for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id);
    return undefined;
  }

  async consume(id: string) {
    const entry = this.store.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string) {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string) {
    for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
  }
}

interface Account {
  email: string;
  name: string;
}

export interface EmbeddedIssuer {
  issuer: string;
  /** Handles a request under `/oidc`; answers false when the path is not the issuer's. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
}

/**
 * The embedded runtime's stand-in for Cognito: a real OIDC provider (authorization code + PKCE) whose
 * sign-in page is a plain form with `email` and `name`. Whoever submits it is signed in as that email, so
 * the page says plainly that it is for local development.
 */
export async function createEmbeddedIssuer(appOrigin: string): Promise<EmbeddedIssuer> {
  const issuer = `${appOrigin}${ISSUER_PATH}`;
  const accounts = new Map<string, Account>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'embedded' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: signInProviders.map((provider) => `${appOrigin}/auth/${provider}/callback`),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email'], profile: ['name'] },
    // The app reads email and name from the ID token, as it does with Cognito's.
    conformIdTokenClaims: false,
    extraParams: ['identity_provider'],
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    adapter: MemoryAdapter,
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    interactions: { url: (_context, interaction) => `${ISSUER_PATH}/interaction/${interaction.uid}` },
    async findAccount(_context, subject) {
      const account = accounts.get(subject);
      return {
        accountId: subject,
        async claims() {
          return { sub: subject, ...(account ? { email: account.email, name: account.name } : {}) };
        },
      };
    },
    // A first-party app: the author is not asked to consent to sharing their email with it.
    async loadExistingGrant(context) {
      const grantId =
        context.oidc.result?.consent?.grantId ??
        context.oidc.session?.grantIdFor(context.oidc.client!.clientId);
      if (grantId) return context.oidc.provider.Grant.find(grantId);
      const grant = new context.oidc.provider.Grant({
        clientId: context.oidc.client!.clientId,
        accountId: context.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const interactionPath = new RegExp(`^${ISSUER_PATH}/interaction/([\\w-]+)$`);

  return {
    issuer,
    async handle(request, response) {
      const url = new URL(request.url ?? '/', appOrigin);
      if (url.pathname !== ISSUER_PATH && !url.pathname.startsWith(`${ISSUER_PATH}/`)) return false;

      const interaction = interactionPath.exec(url.pathname);
      if (interaction) {
        try {
          if (await handleInteraction(interaction[1]!, request, response)) return true;
        } catch (error) {
          // An unknown, expired or finished sign-in is the visitor's to restart, not a server failure.
          if (!(error instanceof errors.OIDCProviderError) || error.status >= 500 || response.headersSent) {
            throw error;
          }
          sendHtml(response, error.status, signInEndedPage());
          return true;
        }
      }

      // oidc-provider works out its mount path from the original URL and the stripped one.
      Object.assign(request, { originalUrl: request.url });
      request.url = (request.url ?? '/').slice(ISSUER_PATH.length) || '/';
      await callback(request, response);
      return true;
    },
  };

  /** The sign-in form of one interaction; false for methods the form does not use. */
  async function handleInteraction(uid: string, request: IncomingMessage, response: ServerResponse) {
    if (request.method === 'GET') {
      const details = await provider.interactionDetails(request, response);
      const hint = String(details.params.identity_provider ?? '');
      sendHtml(response, 200, signInPage(details.uid, providerLabels[hint] ?? 'your account'));
      return true;
    }
    if (request.method === 'POST') {
      const form = new URLSearchParams(await readBody(request));
      const email = (form.get('email') ?? '').trim().toLowerCase();
      const name = (form.get('name') ?? '').trim() || email.split('@')[0] || '';
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        sendHtml(response, 400, signInPage(uid, 'your account', 'Enter an email address.'));
        return true;
      }
      const subject = `embedded|${email}`;
      accounts.set(subject, { email, name });
      await provider.interactionFinished(request, response, { login: { accountId: subject } });
      return true;
    }
    return false;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 16_384) request.destroy(new Error('Sign-in form too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendHtml(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function signInPage(uid: string, providerLabel: string, error?: string): string {
  return page(`
  <h1>Sign in with ${escapeHtml(providerLabel)}</h1>
  <p>Local development sign-in: any email address signs you in as that author on this machine.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${ISSUER_PATH}/interaction/${escapeHtml(uid)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required autofocus>
    <label for="name">Name</label>
    <input id="name" name="name" type="text" autocomplete="name">
    <button type="submit">Sign in</button>
  </form>`);
}

/** For a sign-in that is unknown, expired or already finished (an old tab, the back button). */
function signInEndedPage(): string {
  return page(`
  <h1>This sign-in has ended</h1>
  <p role="alert">It expired or was already used. <a href="/">Start again from Loreweaver</a>.</p>`);
}

function page(main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — Loreweaver (local)</title>
<style>
  body { font-family: Georgia, 'Times New Roman', serif; background: #f6f1e7; color: #2b2620; margin: 0;
         display: grid; place-items: center; min-height: 100vh; }
  main { background: #fffdf8; padding: 2rem; border-radius: 12px; box-shadow: 0 6px 24px rgba(0,0,0,.08);
         width: min(92vw, 380px); }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  p { font-family: system-ui, sans-serif; font-size: .9rem; color: #6b6257; }
  label { display: block; font-family: system-ui, sans-serif; font-size: .9rem; margin: 1rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #cbbfa9;
          border-radius: 6px; }
  button { margin-top: 1.5rem; width: 100%; padding: .7rem; font-size: 1rem; border: 0; border-radius: 6px;
           background: #5b3e8a; color: white; cursor: pointer; }
  .error { color: #b3261e; }
</style>
</head>
<body>
<main>${main}
</main>
</body>
</html>`;
}
