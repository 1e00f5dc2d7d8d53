import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { BillingProviderError, type Billing } from '../domain/billing/billing-port';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { BillingProvider, LocalCardTokenizer } from '../domain/billing/billing-port';
import type { Database } from './dynamodb/document-client';
import { DynamoDbLocalBillingStore } from './dynamodb/local-billing-store';
import { LocalBilling } from './local-billing/local-billing';
import type { StripeBilling } from './stripe/stripe-billing';

interface StripeSecrets {
  secretKey: string;
  webhookSecret: string;
}

/** The payment provider chosen, and the local provider's card form when it is the one. */
export interface ChosenBilling {
  provider: BillingProvider;
  /** Undefined when Stripe is the provider (Stripe Elements tokenises in the browser). */
  localCards: LocalCardTokenizer | undefined;
}

/**
 * The one place the payment provider is chosen:
 * - `STRIPE_SECRET_KEY` set (an operator trying Stripe test mode locally): Stripe with that key;
 * - AWS: Stripe, its secret key and webhook signing secret read from Secrets Manager on first use;
 * - otherwise (the embedded default): the local provider, keeping its state in the table.
 */
export function createBillingProvider(
  config: Config,
  database: Database,
  logger: Logger,
  now: () => Date,
): ChosenBilling {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
  if (secretKey) {
    const provider = stripeOnFirstUse(
      async () => ({ secretKey, webhookSecret: webhookSecret ?? '' }),
      logger,
    );
    return { provider, localCards: undefined };
  }
  if (config.RUNTIME === 'aws') {
    return { provider: stripeOnFirstUse(() => readStripeSecrets(config), logger), localCards: undefined };
  }
  const billing = new LocalBilling({
    store: new DynamoDbLocalBillingStore(database),
    now,
    periodSeconds: config.LOCAL_BILLING_PERIOD_SECONDS,
  });
  return { provider: { billing, connect: async () => billing }, localCards: billing };
}

/**
 * Stripe, connected on the first call that reaches it: the secrets read and the Stripe SDK (≈ 240 KB of the
 * bundle) loaded then, so requests that never reach the provider (most GET /api/user) do neither.
 */
function stripeOnFirstUse(readSecrets: () => Promise<StripeSecrets>, logger: Logger): BillingProvider {
  let connected: Promise<StripeBilling> | undefined;
  let ready: StripeBilling | undefined;
  const connect = (): Promise<StripeBilling> => {
    connected ??= Promise.all([readSecrets(), import('./stripe/stripe-billing')]).then(
      ([secrets, { StripeBilling }]) => {
        ready = new StripeBilling({ ...secrets, logger });
        return ready;
      },
      (error: unknown) => {
        // A failed read is retried by the next call rather than remembered for the life of the Lambda.
        connected = undefined;
        logger.error('connecting to Stripe failed', { error: String(error) });
        throw new BillingProviderError(error);
      },
    );
    return connected;
  };
  const billing: Billing = {
    createCustomer: async (...args) => (await connect()).createCustomer(...args),
    findCustomer: async (...args) => (await connect()).findCustomer(...args),
    listProducts: async () => (await connect()).listProducts(),
    setDefaultPaymentMethod: async (...args) => (await connect()).setDefaultPaymentMethod(...args),
    getDefaultPaymentMethod: async (...args) => (await connect()).getDefaultPaymentMethod(...args),
    createSubscription: async (...args) => (await connect()).createSubscription(...args),
    setRenewing: async (...args) => (await connect()).setRenewing(...args),
    getSubscription: async (...args) => (await connect()).getSubscription(...args),
    parseWebhook(payload, signatureHeader) {
      if (!ready) throw new Error('connect() before verifying a webhook: the signing secret is not read yet');
      return ready.parseWebhook(payload, signatureHeader);
    },
  };
  return { billing, connect };
}

async function readStripeSecrets(config: Config): Promise<StripeSecrets> {
  if (!config.STRIPE_SECRET_ARN || !config.STRIPE_WEBHOOK_SECRET_ARN) {
    throw new Error('STRIPE_SECRET_ARN and STRIPE_WEBHOOK_SECRET_ARN must be set on billing routes');
  }
  const client = new SecretsManagerClient({ region: config.AWS_REGION });
  const read = async (secretId: string) => {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!SecretString) throw new Error(`secret ${secretId} holds no text`);
    return SecretString.trim();
  };
  const [secretKey, webhookSecret] = await Promise.all([
    read(config.STRIPE_SECRET_ARN),
    read(config.STRIPE_WEBHOOK_SECRET_ARN),
  ]);
  return { secretKey, webhookSecret };
}
