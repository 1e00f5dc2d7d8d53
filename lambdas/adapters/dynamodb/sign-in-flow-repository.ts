import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SignInFlow, SignInFlowRepository } from '../../domain/auth/sign-in-flow-repository';
import type { SignInProvider } from '../../domain/auth/identity';
import type { Database } from './document-client';
import { signInFlowKey } from './keys/sign-in-flow-keys';

/** DynamoDB removes expired flows by their `ttl` (epoch seconds), lazily; `consume` checks expiry too. */
export class DynamoDbSignInFlowRepository implements SignInFlowRepository {
  constructor(private readonly database: Database) {}

  async save(state: string, flow: SignInFlow, now: Date, ttlSeconds: number): Promise<void> {
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: { ...signInFlowKey(state), ...flow, ttl: Math.floor(now.getTime() / 1000) + ttlSeconds },
      }),
    );
  }

  async consume(state: string, now: Date): Promise<SignInFlow | undefined> {
    const { Attributes } = await this.database.client.send(
      new DeleteCommand({
        TableName: this.database.tableName,
        Key: signInFlowKey(state),
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes || (Attributes.ttl as number) * 1000 <= now.getTime()) return undefined;
    return {
      provider: Attributes.provider as SignInProvider,
      nonce: Attributes.nonce as string,
      codeVerifier: Attributes.codeVerifier as string,
    };
  }
}
