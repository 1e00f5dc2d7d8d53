/** The sign-in provider's side of signing in (Cognito in AWS, the embedded OIDC issuer locally). */

export type SignInProvider = 'google' | 'amazon' | 'microsoftonline';

export interface SignInStart {
  authorizationUrl: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SignedInIdentity {
  issuer: string;
  subject: string;
  email?: string;
  name?: string;
}

export interface Identity {
  startSignIn(provider: SignInProvider, redirectUri: string): Promise<SignInStart>;
  finishSignIn(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<SignedInIdentity>;
}
