import type { SignInProvider } from './identity';

/** A sign-in in progress, kept by its `state` until the provider sends the browser back. */
export interface SignInFlow {
  provider: SignInProvider;
  nonce: string;
  codeVerifier: string;
}

export interface SignInFlowRepository {
  /** Kept `ttlSeconds`: long enough to pick an account, short enough to be useless later. */
  save(state: string, flow: SignInFlow, now: Date, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one call, so a callback URL cannot be replayed; an expired flow is none. */
  consume(state: string, now: Date): Promise<SignInFlow | undefined>;
}
