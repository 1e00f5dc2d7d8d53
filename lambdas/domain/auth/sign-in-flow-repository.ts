import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Database, SignInProvider } from '../../ports';

/** A sign-in in progress lives ten minutes: long enough to pick an account, short enough to be useless later. */
export const SIGN_IN_FLOW_TTL_SECONDS = 600;

const flowKey = (state: string) => ({ PK: `SIGNIN#${state}`, SK: 'SIGNIN' });

export interface SignInFlow {
  provider: SignInProvider;
  nonce: string;
  codeVerifier: string;
}

export class SignInFlowRepository {
  constructor(private readonly database: Database) {}

  async save(state: string, flow: SignInFlow, now: Date): Promise<void> {
    await this.database.client.send(
      new PutCommand({
        TableName: this.database.tableName,
        Item: {
          ...flowKey(state),
          ...flow,
          ttl: Math.floor(now.getTime() / 1000) + SIGN_IN_FLOW_TTL_SECONDS,
        },
      }),
    );
  }

  /** Reads and deletes in one call, so a callback URL cannot be replayed. */
  async consume(state: string, now: Date): Promise<SignInFlow | undefined> {
    const { Attributes } = await this.database.client.send(
      new DeleteCommand({ TableName: this.database.tableName, Key: flowKey(state), ReturnValues: 'ALL_OLD' }),
    );
    if (!Attributes || (Attributes.ttl as number) * 1000 <= now.getTime()) return undefined;
    return {
      provider: Attributes.provider as SignInProvider,
      nonce: Attributes.nonce as string,
      codeVerifier: Attributes.codeVerifier as string,
    };
  }
}
