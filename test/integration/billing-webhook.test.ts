import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../lambdas/middleware/cookies';
import type { EmbeddedRuntime } from '../../local/embedded-runtime';
import type { User } from '../../shared/schemas/user';
import { signIn, startTestRuntime, type TestBrowser } from '../helpers/embedded-runtime';
import { event, invoice, PERIOD_END, subscription } from '../lambdas/adapters/stripe-fixtures';

const WEBHOOK_SECRET = 'whsec_integration';
const FREE = { customer_id: '', subscription_id: '', renewing: false, expired: false, expires_at: '' };

/**
 * The webhook route on the embedded runtime configured for Stripe (as an operator trying test mode would), fed
 * signed deliveries of the event types that need no call back to Stripe. Nothing here reaches the network.
 */
describe('the Stripe webhook on the embedded runtime', () => {
  let runtime: EmbeddedRuntime;
  let author: TestBrowser;
  let userId: string;

  beforeAll(async () => {
    runtime = await startTestRuntime({
      billing: { stripeSecretKey: 'sk_test_integration', stripeWebhookSecret: WEBHOOK_SECRET },
    });
    author = await signIn(runtime, 'webhook@example.com', 'Webhook');
    const session = await runtime.ports.repositories.sessions.find(
      author.cookie(sessionCookieName(runtime.ports.config))!,
      new Date(),
    );
    userId = session!.userId;
    // A subscriber of Stripe's customer cus_1 (the domain's own write, with its customer lookup item).
    const stored = await runtime.ports.repositories.billingState.replace(userId, FREE, {
      customer_id: 'cus_1',
      subscription_id: 'sub_1',
      renewing: true,
      expired: false,
      expires_at: String(PERIOD_END),
    });
    expect(stored).toBe(true);
  });

  afterAll(async () => {
    await runtime?.close();
  });

  const deliver = (payload: string, signature: string) =>
    fetch(new URL('/billing/webhook', runtime.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  const signed = (payload: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const billingFields = async () => {
    const response = await author.fetch('/api/user');
    const { customer_id, subscription_id, renewing, expired, expires_at } = (await response.json()) as User;
    return { customer_id, subscription_id, renewing, expired, expires_at };
  };

  it('refuses a delivery whose signature is not the endpoint secret’s, changing nothing', async () => {
    const payload = JSON.stringify(event('customer.subscription.deleted', subscription(), 'evt_forged'));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });

    const response = await deliver(payload, forged);

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_signature' });
    expect((await deliver(payload, '')).status).toBe(400);
    expect(await billingFields()).toMatchObject({ subscription_id: 'sub_1', expired: false });
  });

  it('extends access on a paid renewal, applies each event id once, and ends on deletion', async () => {
    const paid = JSON.stringify(event('invoice.paid', invoice(), 'evt_paid'));
    expect((await deliver(paid, signed(paid))).status).toBe(200);
    const renewedUntil = String(PERIOD_END + 30 * 24 * 60 * 60);
    expect(await billingFields()).toMatchObject({ expires_at: renewedUntil, expired: false });

    // A delivery reusing an applied event id is acknowledged and changes nothing.
    const replay = JSON.stringify(event('customer.subscription.deleted', subscription(), 'evt_paid'));
    expect((await deliver(replay, signed(replay))).status).toBe(200);
    expect(await billingFields()).toMatchObject({ subscription_id: 'sub_1', expires_at: renewedUntil });

    // An older invoice arriving late never shortens access.
    const late = JSON.stringify(event('invoice.paid', invoice(), 'evt_late')).replace(
      String(PERIOD_END + 30 * 24 * 60 * 60),
      String(PERIOD_END),
    );
    expect((await deliver(late, signed(late))).status).toBe(200);
    expect((await billingFields()).expires_at).toBe(renewedUntil);

    const deleted = JSON.stringify(event('customer.subscription.deleted', subscription(), 'evt_deleted'));
    expect((await deliver(deleted, signed(deleted))).status).toBe(200);
    expect(await billingFields()).toEqual({
      customer_id: 'cus_1',
      subscription_id: '',
      renewing: false,
      expired: true,
      expires_at: renewedUntil,
    });
  });
});
