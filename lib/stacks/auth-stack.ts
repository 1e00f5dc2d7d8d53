import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { IUserPoolClient, UserPool } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import type { StageConfig } from '../config';
import { FederatedUserPool } from '../constructs/federated-user-pool';

export interface AuthStackProps extends StackProps {
  config: StageConfig;
  /** The site origin (EdgeStack), to which sign-in returns. */
  siteOrigin: string;
}

/** Sign-in: the federated Cognito user pool, its hosted domain and the web app's client. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly client: IUserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;

    const pool = new FederatedUserPool(this, 'SignIn', {
      domainPrefix: config.cognitoDomainPrefix,
      identityProviders: config.identityProviders,
      secretNames: config.secretNames,
      appOrigin: props.siteOrigin,
      retain: config.retainData,
    });
    this.userPool = pool.userPool;
    this.client = pool.client;

    if (config.unsetClientIds.length > 0) {
      Annotations.of(pool).addWarningV2(
        'loreweaver:identityProvidersNotConfigured',
        `Not set: ${config.unsetClientIds.join(', ')}. Sign-in with those providers fails until you deploy with -c <key>=<client id>.`,
      );
    }

    const hostedDomain = `${config.cognitoDomainPrefix}.auth.${this.region}.amazoncognito.com`;
    new CfnOutput(this, 'UserPoolId', { value: pool.userPool.userPoolId });
    new CfnOutput(this, 'CognitoDomain', { value: hostedDomain, description: 'The hosted sign-in domain' });
    new CfnOutput(this, 'IdentityProviderRedirectUri', {
      value: `https://${hostedDomain}/oauth2/idpresponse`,
      description: 'Register this as the redirect URI with Google, Amazon and Microsoft',
    });
  }
}
