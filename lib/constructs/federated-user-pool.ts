import { Duration, RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  OAuthScope,
  OidcAttributeRequestMethod,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolIdentityProviderAmazon,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { cognitoProviderNames, signInProviders } from '../../lambdas/adapters/oidc/provider-names';
import { callbackPath } from '../../lambdas/http/auth/sign-in-schemas';
import type { IdentityProviderSettings, SecretNames } from '../config';

export interface FederatedUserPoolProps {
  /** Hosted domain prefix: `<prefix>.auth.<region>.amazoncognito.com`. */
  domainPrefix: string;
  identityProviders: IdentityProviderSettings;
  /** Client secrets are read from Secrets Manager by these names at deploy time; they never enter the template. */
  secretNames: Pick<SecretNames, 'googleClientSecret' | 'amazonClientSecret' | 'microsoftClientSecret'>;
  /** The site origin; sign-in callbacks come back to `<origin>/auth/<provider>/callback`. */
  appOrigin: string;
  /** Protect the pool from deletion and keep it when the stack goes (prod). */
  retain: boolean;
}

/**
 * A Cognito user pool whose only way in is federation: Google, Login with Amazon and Microsoft (Entra ID
 * over OIDC). Nobody signs up or signs in with a password; Cognito creates the user on the first federated
 * sign-in. The app's Lambdas run the authorization-code flow with PKCE against the hosted domain, naming
 * the provider in `identity_provider` (names shared with them through `cognitoProviderNames`).
 *
 * Defaults: Essentials plan (no charge below 10,000 monthly users); self sign-up and account recovery off;
 * a strict password policy although no user has a password; a public app client (no secret, PKCE) allowed
 * only the authorization-code grant, the three providers and the scopes openid, email and profile.
 */
export class FederatedUserPool extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;

  constructor(scope: Construct, id: string, props: FederatedUserPoolProps) {
    super(scope, id);
    const idp = props.identityProviders;

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      accountRecovery: AccountRecovery.NONE,
      featurePlan: FeaturePlan.ESSENTIALS,
      // Federated attributes are rewritten at every sign-in, which Cognito only allows on mutable ones.
      standardAttributes: {
        email: { required: false, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 14,
        requireDigits: true,
        requireLowercase: true,
        requireUppercase: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(1),
      },
      deletionProtection: props.retain,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'Users sign in only through Google, Amazon or Microsoft, whose own MFA applies; the pool has no passwords.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG3',
      reason:
        'Threat protection (Plus plan) scores password and native sign-ins; this pool has only federated ones.',
    });

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'The Plus plan ($0.02 per user per month) adds protections for password sign-ins, which this pool has none of.',
    });

    this.userPool.addDomain('HostedDomain', {
      cognitoDomain: { domainPrefix: props.domainPrefix },
    });

    const google = new UserPoolIdentityProviderGoogle(this, 'Google', {
      userPool: this.userPool,
      clientId: idp.googleClientId,
      clientSecretValue: SecretValue.secretsManager(props.secretNames.googleClientSecret),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: { email: ProviderAttribute.GOOGLE_EMAIL, fullname: ProviderAttribute.GOOGLE_NAME },
    });
    // These two providers take the secret as a plain string: a dynamic reference that CloudFormation
    // resolves at deploy time, so the template holds only the secret's name.
    const amazon = new UserPoolIdentityProviderAmazon(this, 'Amazon', {
      userPool: this.userPool,
      clientId: idp.amazonClientId,
      clientSecret: SecretValue.secretsManager(props.secretNames.amazonClientSecret).unsafeUnwrap(),
      scopes: ['profile'],
      attributeMapping: { email: ProviderAttribute.AMAZON_EMAIL, fullname: ProviderAttribute.AMAZON_NAME },
    });
    const microsoft = new UserPoolIdentityProviderOidc(this, 'Microsoft', {
      userPool: this.userPool,
      name: cognitoProviderNames.microsoftonline,
      clientId: idp.microsoftClientId,
      clientSecret: SecretValue.secretsManager(props.secretNames.microsoftClientSecret).unsafeUnwrap(),
      issuerUrl: `https://login.microsoftonline.com/${idp.microsoftTenantId}/v2.0`,
      scopes: ['openid', 'email', 'profile'],
      attributeRequestMethod: OidcAttributeRequestMethod.GET,
      attributeMapping: {
        email: ProviderAttribute.other('email'),
        fullname: ProviderAttribute.other('name'),
      },
    });

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userSrp: false, userPassword: false, adminUserPassword: false, custom: false },
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: signInProviders.map((provider) => `${props.appOrigin}${callbackPath(provider)}`),
        logoutUrls: [`${props.appOrigin}/`],
      },
      supportedIdentityProviders: signInProviders.map((provider) =>
        UserPoolClientIdentityProvider.custom(cognitoProviderNames[provider]),
      ),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // The app keeps its own server-side session and uses Cognito's tokens only once, at sign-in.
      idTokenValidity: Duration.minutes(5),
      accessTokenValidity: Duration.minutes(5),
      refreshTokenValidity: Duration.hours(1),
    });
    // The client may only name providers that already exist.
    this.client.node.addDependency(google, amazon, microsoft);
  }
}
