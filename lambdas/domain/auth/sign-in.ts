import { randomBytes } from 'node:crypto';
import { ValidationError } from '../../errors';
import type { DomainPorts } from '../ports';
import type { Identity, SignInProvider } from './identity';

/** A sign-in in progress lives ten minutes: long enough to pick an account, short enough to be useless later. */
export const SIGN_IN_FLOW_TTL_SECONDS = 600;

type SignInPorts = Pick<DomainPorts, 'repositories' | 'now'> & {
  identity: Identity;
  config: { SESSION_TTL_SECONDS: number };
};

/**
 * Begins the authorization-code flow with PKCE: the identity port makes the state, nonce and verifier, and the
 * flow is kept under its state until the provider sends the browser back. Answers where to send the browser
 * and the state to bind to it.
 */
export async function startSignIn(
  ports: SignInPorts,
  provider: SignInProvider,
  redirectUri: string,
): Promise<{ authorizationUrl: string; state: string }> {
  const start = await ports.identity.startSignIn(provider, redirectUri);
  await ports.repositories.signInFlows.save(
    start.state,
    { provider, nonce: start.nonce, codeVerifier: start.codeVerifier },
    ports.now(),
    SIGN_IN_FLOW_TTL_SECONDS,
  );
  return { authorizationUrl: start.authorizationUrl, state: start.state };
}

export interface SignInCallback {
  provider: SignInProvider;
  /** The state the provider sent back, and the one the browser's cookie holds. */
  state: string;
  browserState: string | undefined;
  /** The callback URL exactly as the provider called it (code and state in its query). */
  callbackUrl: URL;
  redirectUri: string;
}

/**
 * Finishes the flow: the callback must belong to this browser and to a live, unused flow of the same provider;
 * the identity is checked by the provider port, its author found or created (free plan), and a session opened.
 * Answers the new session's id, which only the browser keeps.
 */
export async function finishSignIn(
  ports: SignInPorts,
  callback: SignInCallback,
): Promise<{ sessionId: string; expiresAt: Date }> {
  if (callback.browserState !== callback.state) {
    throw new ValidationError('This sign-in link does not belong to this browser. Please sign in again.');
  }
  const { repositories } = ports;
  const flow = await repositories.signInFlows.consume(callback.state, ports.now());
  if (!flow || flow.provider !== callback.provider) {
    throw new ValidationError('This sign-in has expired or was already used. Please sign in again.');
  }

  const identity = await ports.identity.finishSignIn(callback.callbackUrl, {
    state: callback.state,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
    redirectUri: callback.redirectUri,
  });

  const now = ports.now();
  const userId = await repositories.users.findOrCreateByIdentity(identity, now);
  const sessionId = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ports.config.SESSION_TTL_SECONDS * 1000);
  await repositories.sessions.create(sessionId, { userId, expiresAt }, now);
  return { sessionId, expiresAt };
}

/** Revokes the session on the server; the cookie alone is then worth nothing. */
export async function signOut(ports: Pick<DomainPorts, 'repositories'>, sessionId: string): Promise<void> {
  await ports.repositories.sessions.revoke(sessionId);
}
