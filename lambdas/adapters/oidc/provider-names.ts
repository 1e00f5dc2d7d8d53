import type { SignInProvider } from '../../domain/auth/identity';

/**
 * The `identity_provider` names Cognito knows the federated providers by. Google and LoginWithAmazon are
 * fixed by Cognito; the Microsoft OIDC provider's name is ours. The CDK auth stack creates them by these names.
 */
export const cognitoProviderNames: Record<SignInProvider, string> = {
  google: 'Google',
  amazon: 'LoginWithAmazon',
  microsoftonline: 'Microsoft',
};

export const signInProviders: SignInProvider[] = ['google', 'amazon', 'microsoftonline'];
