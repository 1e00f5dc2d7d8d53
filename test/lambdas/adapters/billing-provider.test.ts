import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import Stripe from 'stripe';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createBillingProvider } from '../../../lambdas/adapters/billing-provider';
import { createDatabase } from '../../../lambdas/adapters/dynamodb/document-client';
import { LocalBilling } from '../../../lambdas/adapters/local-billing/local-billing';
import { StripeBilling } from '../../../lambdas/adapters/stripe/stripe-billing';
import { BillingProviderError, WebhookSignatureError } from '../../../lambdas/domain/billing/billing-port';
import { createLogger } from '../../../lambdas/logger';
import { TEST_NOW, testConfig } from '../../helpers/ports';

const logger = createLogger('silent');
const now = () => TEST_NOW;
const provider = (overrides: Record<string, string>) => {
  const config = testConfig(overrides);
  return createBillingProvider(config, createDatabase(config), logger, now);
};

describe('choosing the payment provider', () => {
  const secrets = mockClient(SecretsManagerClient);
  afterEach(() => secrets.reset());
  // Test files share their worker's modules: the next file gets the real client back.
  afterAll(() => secrets.restore());

  it('is the local provider, with its card form, in the embedded runtime without a Stripe key', async () => {
    const { provider: chosen, localCards } = provider({ RUNTIME: 'embedded' });

    expect(chosen.billing).toBeInstanceOf(LocalBilling);
    expect(localCards).toBe(chosen.billing);
    expect(await chosen.connect()).toBe(chosen.billing);
  });

  it('is Stripe, without a card form, when the embedded runtime has STRIPE_SECRET_KEY', async () => {
    const { provider: chosen, localCards } = provider({
      RUNTIME: 'embedded',
      STRIPE_SECRET_KEY: 'sk_test_123',
    });

    expect(await chosen.connect()).toBeInstanceOf(StripeBilling);
    expect(localCards).toBeUndefined();
  });

  it('is Stripe in AWS, reading both secrets from Secrets Manager once, on first use', async () => {
    secrets
      .on(GetSecretValueCommand, { SecretId: 'arn:stripe-key' })
      .resolves({ SecretString: 'sk_test_from_secrets_manager\n' })
      .on(GetSecretValueCommand, { SecretId: 'arn:webhook' })
      .resolves({ SecretString: 'whsec_from_secrets_manager' });
    const { provider: chosen, localCards } = provider({
      STRIPE_SECRET_ARN: 'arn:stripe-key',
      STRIPE_WEBHOOK_SECRET_ARN: 'arn:webhook',
    });
    expect(localCards).toBeUndefined();
    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(0);

    const billing = await chosen.connect();
    await chosen.connect();

    expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping', data: { object: {} } });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_from_secrets_manager',
    });
    expect(billing.parseWebhook(payload, signature)).toEqual({ id: 'evt_1', type: 'ignored' });
    expect(() => billing.parseWebhook(payload, 'v1=forged')).toThrow(WebhookSignatureError);
  });

  it('answers a provider error, and tries again next time, when the secrets cannot be read', async () => {
    secrets.on(GetSecretValueCommand).rejectsOnce(new Error('throttled')).resolves({ SecretString: 'x' });
    const { provider: chosen } = provider({
      STRIPE_SECRET_ARN: 'arn:stripe-key',
      STRIPE_WEBHOOK_SECRET_ARN: 'arn:webhook',
    });

    await expect(chosen.billing.listProducts()).rejects.toBeInstanceOf(BillingProviderError);
    await chosen.connect();

    expect(secrets.commandCalls(GetSecretValueCommand).length).toBeGreaterThan(2);
  });
});
