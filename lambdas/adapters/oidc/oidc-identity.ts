import * as client from 'openid-client';
import type { Config } from '../../env';
import { UnauthenticatedError } from '../../errors';
import type { Identity, SignInProvider } from '../../domain/auth/identity';
import { cognitoProviderNames } from './provider-names';

/**
 * The authorization-code flow with PKCE, state and nonce against any OIDC issuer: the Cognito user pool in
 * AWS, the embedded issuer locally. Discovery runs once per process, on first use.
 */
export function createOidcIdentity(config: Config): Identity {
  let discovered: Promise<client.Configuration> | undefined;

  const configuration = () => {
    discovered ??= (async () => {
      const issuer = new URL(config.OIDC_ISSUER);
      const insecure = issuer.protocol === 'http:';
      return client.discovery(
        issuer,
        config.OIDC_CLIENT_ID,
        undefined,
        config.OIDC_CLIENT_SECRET ? client.ClientSecretPost(config.OIDC_CLIENT_SECRET) : client.None(),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    })().catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };

  return {
    async startSignIn(provider: SignInProvider, redirectUri: string) {
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        identity_provider:
          config.OIDC_PROVIDER_HINT === 'cognito' ? cognitoProviderNames[provider] : provider,
      };
      const authorizationUrl = client.buildAuthorizationUrl(await configuration(), parameters).href;
      return { authorizationUrl, state, nonce, codeVerifier };
    },

    async finishSignIn(callbackUrl, expected) {
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(
          await configuration(),
          callbackUrl,
          {
            pkceCodeVerifier: expected.codeVerifier,
            expectedState: expected.state,
            expectedNonce: expected.nonce,
            idTokenExpected: true,
          },
          { redirect_uri: expected.redirectUri },
        );
      } catch (error) {
        // The issuer refused the code or the ID token failed a check: the caller must sign in again.
        if (
          error instanceof client.ResponseBodyError ||
          error instanceof client.AuthorizationResponseError ||
          error instanceof client.ClientError
        ) {
          throw new UnauthenticatedError('Sign-in could not be completed. Please try again.');
        }
        throw error;
      }
      const claims = tokens.claims();
      if (!claims) throw new UnauthenticatedError('Sign-in could not be completed. Please try again.');
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : undefined,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    },
  };
}
