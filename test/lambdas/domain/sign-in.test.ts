import { describe, expect, it } from 'vitest';
import { finishSignIn, signOut, startSignIn } from '../../../lambdas/domain/auth/sign-in';
import { ValidationError } from '../../../lambdas/errors';
import { createMemoryPorts } from '../../helpers/memory-ports';
import { TEST_NOW } from '../../helpers/ports';

const REDIRECT_URI = 'https://write.example.com/auth/google/callback';

function signInPorts() {
  const memory = createMemoryPorts();
  memory.identity.startSignIn = async () => ({
    authorizationUrl: 'https://issuer.example/authorize',
    state: 'state-1',
    nonce: 'nonce-1',
    codeVerifier: 'verifier-1',
  });
  memory.identity.finishSignIn = async () => ({
    issuer: 'https://issuer.example',
    subject: 'subject-1',
    email: 'ada@example.com',
    name: 'Ada',
  });
  return memory;
}

const callback = (overrides: Partial<Parameters<typeof finishSignIn>[1]> = {}) => ({
  provider: 'google' as const,
  state: 'state-1',
  browserState: 'state-1',
  callbackUrl: new URL(`${REDIRECT_URI}?code=c&state=state-1`),
  redirectUri: REDIRECT_URI,
  ...overrides,
});

describe('sign-in, on in-memory repositories', () => {
  it('opens a session for the author the identity belongs to, created on the free plan', async () => {
    const { ports, state } = signInPorts();
    await startSignIn(ports, 'google', REDIRECT_URI);

    const { sessionId, expiresAt } = await finishSignIn(ports, callback());

    const session = await ports.repositories.sessions.find(sessionId, TEST_NOW);
    expect(session?.expiresAt).toEqual(expiresAt);
    expect(state.users.get(session!.userId)).toMatchObject({ subscription_id: '', name: 'Ada' });
  });

  it('refuses a callback whose state is not the one this browser holds', async () => {
    const { ports } = signInPorts();
    await startSignIn(ports, 'google', REDIRECT_URI);

    await expect(finishSignIn(ports, callback({ browserState: 'other' }))).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('refuses a callback used twice, and one for another provider', async () => {
    const { ports } = signInPorts();
    await startSignIn(ports, 'google', REDIRECT_URI);
    await finishSignIn(ports, callback());

    await expect(finishSignIn(ports, callback())).rejects.toBeInstanceOf(ValidationError);
    await startSignIn(ports, 'google', REDIRECT_URI);
    await expect(finishSignIn(ports, callback({ provider: 'amazon' }))).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('signs out by revoking the session on the server', async () => {
    const { ports } = signInPorts();
    await startSignIn(ports, 'google', REDIRECT_URI);
    const { sessionId } = await finishSignIn(ports, callback());

    await signOut(ports, sessionId);

    await expect(ports.repositories.sessions.find(sessionId, TEST_NOW)).resolves.toBeUndefined();
  });
});
