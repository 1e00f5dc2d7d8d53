import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { StripeBilling } from '../../../lambdas/adapters/stripe/stripe-billing';
import {
  BillingProviderError,
  CardDeclinedError,
  ForeignPaymentMethodError,
  InsufficientFundsError,
  WebhookSignatureError,
} from '../../../lambdas/domain/billing/billing-port';
import { createLogger } from '../../../lambdas/logger';
import { missing, startFakeStripe, type FakeRoutes } from './fake-stripe-server';
import {
  cardError,
  customer,
  event,
  invoice,
  list,
  PERIOD_END,
  paymentMethod,
  price,
  product,
  subscription,
} from './stripe-fixtures';

const WEBHOOK_SECRET = 'whsec_test_secret';
let closeServer: (() => Promise<void>) | undefined;

afterEach(async () => {
  await closeServer?.();
  closeServer = undefined;
});

async function stripeBilling(routes: FakeRoutes) {
  const server = await startFakeStripe(routes);
  closeServer = server.close;
  const billing = new StripeBilling({
    secretKey: 'sk_test_123',
    webhookSecret: WEBHOOK_SECRET,
    logger: createLogger('silent'),
    endpoint: server.endpoint,
    maxNetworkRetries: 0,
  });
  return { billing, server };
}

describe('StripeBilling customers', () => {
  it("creates a customer named after the author, idempotently, with the author's id in its metadata", async () => {
    const { billing, server } = await stripeBilling({ 'POST /v1/customers': () => ({ body: customer() }) });

    const created = await billing.createCustomer(
      { userId: 'author-1', email: 'ada@example.com', name: 'Ada' },
      'customer-author-1-first',
    );

    const [request] = server.requestsTo('POST /v1/customers');
    expect(created).toEqual({ id: 'cus_1', payment_methods: [] });
    expect(request?.params.get('email')).toBe('ada@example.com');
    expect(request?.params.get('name')).toBe('Ada');
    expect(request?.params.get('metadata[user_id]')).toBe('author-1');
    expect(request?.headers['idempotency-key']).toBe('customer-author-1-first');
    expect(request?.headers.authorization).toBe('Bearer sk_test_123');
  });

  it('finds a customer with its cards, marking the default', async () => {
    const { billing } = await stripeBilling({
      'GET /v1/customers/cus_1': () => ({
        body: customer({ invoice_settings: { default_payment_method: 'pm_2' } }),
      }),
      'GET /v1/customers/cus_1/payment_methods': () => ({
        body: list(
          [paymentMethod({ customer: 'cus_1' }), paymentMethod({ id: 'pm_2', customer: 'cus_1' })],
          '/v1/customers/cus_1/payment_methods',
        ),
      }),
    });

    const found = await billing.findCustomer('cus_1');

    expect(found).toEqual({
      id: 'cus_1',
      payment_methods: [
        {
          id: 'pm_1',
          brand: 'visa',
          last_four: '4242',
          expiration_month: 12,
          expiration_year: 2030,
          is_default: false,
        },
        {
          id: 'pm_2',
          brand: 'visa',
          last_four: '4242',
          expiration_month: 12,
          expiration_year: 2030,
          is_default: true,
        },
      ],
    });
  });

  it('knows no customer Stripe has deleted or never had', async () => {
    const { billing } = await stripeBilling({
      'GET /v1/customers/cus_gone': () => ({ body: { id: 'cus_gone', object: 'customer', deleted: true } }),
      'GET /v1/customers/cus_never': () => missing(),
    });

    expect(await billing.findCustomer('cus_gone')).toBeUndefined();
    expect(await billing.findCustomer('cus_never')).toBeUndefined();
  });
});

describe('StripeBilling products', () => {
  it('lists active products with a recurring default price', async () => {
    const { billing, server } = await stripeBilling({
      'GET /v1/products': () => ({
        body: list(
          [
            product(),
            product({
              id: 'prod_one_off',
              default_price: price({ id: 'price_once', recurring: null, type: 'one_time' }),
            }),
            product({ id: 'prod_no_price', default_price: null }),
          ],
          '/v1/products',
        ),
      }),
    });

    const products = await billing.listProducts();

    expect(products).toEqual([
      {
        price_id: 'price_premium',
        name: 'Loreweaver Premium',
        description: 'Export, outlines and unlimited associations.',
      },
    ]);
    const [request] = server.requestsTo('GET /v1/products');
    expect(request?.params.get('active')).toBe('true');
    expect(request?.params.get('expand[0]')).toBe('data.default_price');
  });
});

describe('StripeBilling payment methods', () => {
  it('attaches a new card and makes it the default for invoices', async () => {
    const { billing, server } = await stripeBilling({
      'GET /v1/payment_methods/pm_1': () => ({ body: paymentMethod() }),
      'POST /v1/payment_methods/pm_1/attach': () => ({ body: paymentMethod({ customer: 'cus_1' }) }),
      'POST /v1/customers/cus_1': () => ({
        body: customer({ invoice_settings: { default_payment_method: 'pm_1' } }),
      }),
    });

    const method = await billing.setDefaultPaymentMethod('cus_1', 'pm_1');

    expect(method).toMatchObject({ id: 'pm_1', last_four: '4242', is_default: true });
    expect(server.requestsTo('POST /v1/payment_methods/pm_1/attach')[0]?.params.get('customer')).toBe(
      'cus_1',
    );
    expect(
      server
        .requestsTo('POST /v1/customers/cus_1')[0]
        ?.params.get('invoice_settings[default_payment_method]'),
    ).toBe('pm_1');
  });

  it('does not attach again a card the customer already has', async () => {
    const { billing, server } = await stripeBilling({
      'GET /v1/payment_methods/pm_1': () => ({ body: paymentMethod({ customer: 'cus_1' }) }),
      'POST /v1/customers/cus_1': () => ({ body: customer() }),
    });

    await billing.setDefaultPaymentMethod('cus_1', 'pm_1');

    expect(server.requestsTo('POST /v1/payment_methods/pm_1/attach')).toHaveLength(0);
  });

  it("refuses another customer's card, and an unknown one, without touching either customer", async () => {
    const { billing, server } = await stripeBilling({
      'GET /v1/payment_methods/pm_1': () => ({ body: paymentMethod({ customer: 'cus_other' }) }),
      'GET /v1/payment_methods/pm_unknown': () => missing(),
    });

    await expect(billing.setDefaultPaymentMethod('cus_1', 'pm_1')).rejects.toThrow(ForeignPaymentMethodError);
    await expect(billing.setDefaultPaymentMethod('cus_1', 'pm_unknown')).rejects.toThrow(
      ForeignPaymentMethodError,
    );
    expect(server.requests.every((request) => request.method === 'GET')).toBe(true);
  });

  it("passes on Stripe's message for a declined card", async () => {
    const { billing } = await stripeBilling({
      'GET /v1/payment_methods/pm_1': () => ({ body: paymentMethod() }),
      'POST /v1/payment_methods/pm_1/attach': () =>
        cardError('Your card was declined.', 'card_declined', 'generic_decline'),
    });

    const attempt = billing.setDefaultPaymentMethod('cus_1', 'pm_1');

    await expect(attempt).rejects.toThrow(CardDeclinedError);
    await expect(attempt).rejects.toMatchObject({
      status: 402,
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('tells insufficient funds apart', async () => {
    const { billing } = await stripeBilling({
      'GET /v1/payment_methods/pm_1': () => ({ body: paymentMethod() }),
      'POST /v1/payment_methods/pm_1/attach': () =>
        cardError('Your card has insufficient funds.', 'card_declined', 'insufficient_funds'),
    });

    const attempt = billing.setDefaultPaymentMethod('cus_1', 'pm_1');

    await expect(attempt).rejects.toThrow(InsufficientFundsError);
    await expect(attempt).rejects.toMatchObject({ message: 'Your card has insufficient funds.' });
  });

  it("reads the default card from the customer's invoice settings", async () => {
    const { billing, server } = await stripeBilling({
      'GET /v1/customers/cus_1': () => ({
        body: customer({
          invoice_settings: { default_payment_method: paymentMethod({ customer: 'cus_1' }) },
        }),
      }),
      'GET /v1/customers/cus_2': () => ({ body: customer({ id: 'cus_2' }) }),
    });

    expect(await billing.getDefaultPaymentMethod('cus_1')).toMatchObject({ id: 'pm_1', brand: 'visa' });
    expect(await billing.getDefaultPaymentMethod('cus_2')).toBeUndefined();
    expect(server.requests[0]?.params.get('expand[0]')).toBe('invoice_settings.default_payment_method');
  });
});

describe('StripeBilling subscriptions', () => {
  it('creates a subscription that fails rather than waits when the first payment cannot be taken', async () => {
    const { billing, server } = await stripeBilling({
      'POST /v1/subscriptions': () => ({ body: subscription() }),
    });

    const created = await billing.createSubscription({
      customerId: 'cus_1',
      priceId: 'price_premium',
      idempotencyKey: 'subscribe-key',
    });

    expect(created).toEqual({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      renewing: true,
      periodEnd: PERIOD_END,
    });
    const [request] = server.requestsTo('POST /v1/subscriptions');
    expect(request?.params.get('customer')).toBe('cus_1');
    expect(request?.params.get('items[0][price]')).toBe('price_premium');
    expect(request?.params.get('payment_behavior')).toBe('error_if_incomplete');
    expect(request?.headers['idempotency-key']).toBe('subscribe-key');
  });

  it("passes on Stripe's message when the first payment is declined", async () => {
    const { billing } = await stripeBilling({
      'POST /v1/subscriptions': () =>
        cardError('Your card was declined.', 'card_declined', 'generic_decline'),
    });

    const attempt = billing.createSubscription({
      customerId: 'cus_1',
      priceId: 'price_premium',
      idempotencyKey: 'k',
    });

    await expect(attempt).rejects.toMatchObject({ status: 402, message: 'Your card was declined.' });
  });

  it('cancels at the end of the period and resumes', async () => {
    const { billing, server } = await stripeBilling({
      'POST /v1/subscriptions/sub_1': (request) => ({
        body: subscription({ cancel_at_period_end: request.params.get('cancel_at_period_end') === 'true' }),
      }),
    });

    const cancelled = await billing.setRenewing('cus_1', 'sub_1', false);
    const resumed = await billing.setRenewing('cus_1', 'sub_1', true);

    expect(cancelled).toMatchObject({ status: 'active', renewing: false });
    expect(resumed).toMatchObject({ status: 'active', renewing: true });
    expect(
      server.requestsTo('POST /v1/subscriptions/sub_1').map((r) => r.params.get('cancel_at_period_end')),
    ).toEqual(['true', 'false']);
  });

  it('answers an ended subscription when Stripe refuses to change it because it was cancelled', async () => {
    const { billing } = await stripeBilling({
      'POST /v1/subscriptions/sub_1': () => ({
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message: 'A canceled subscription can only update its cancellation_details and metadata.',
          },
        },
      }),
      'GET /v1/subscriptions/sub_1': () => ({ body: subscription({ status: 'canceled' }) }),
    });

    expect(await billing.setRenewing('cus_1', 'sub_1', true)).toMatchObject({
      status: 'ended',
      renewing: false,
    });
  });

  it("maps Stripe's statuses and reads the period from the subscription items", async () => {
    const { billing } = await stripeBilling({
      'GET /v1/subscriptions/sub_1': () => ({ body: subscription({ status: 'past_due' }) }),
      'GET /v1/subscriptions/sub_2': () => ({
        body: subscription({ id: 'sub_2', status: 'trialing', cancel_at: PERIOD_END }),
      }),
    });

    expect(await billing.getSubscription('cus_1', 'sub_1')).toMatchObject({
      status: 'past_due',
      periodEnd: PERIOD_END,
    });
    expect(await billing.getSubscription('cus_1', 'sub_2')).toMatchObject({
      status: 'active',
      renewing: false,
    });
  });

  it('knows no subscription of another customer, nor one Stripe does not have', async () => {
    const { billing } = await stripeBilling({
      'GET /v1/subscriptions/sub_1': () => ({ body: subscription({ customer: 'cus_other' }) }),
      'GET /v1/subscriptions/sub_gone': () => missing(),
    });

    expect(await billing.getSubscription('cus_1', 'sub_1')).toBeUndefined();
    expect(await billing.getSubscription('cus_1', 'sub_gone')).toBeUndefined();
  });

  it('answers a provider failure as a 502 that reveals nothing', async () => {
    const { billing } = await stripeBilling({
      'GET /v1/products': () => ({
        status: 500,
        body: { error: { type: 'api_error', message: 'Internal details' } },
      }),
    });

    const attempt = billing.listProducts();

    await expect(attempt).rejects.toThrow(BillingProviderError);
    await expect(attempt).rejects.toMatchObject({
      status: 502,
      message: expect.not.stringContaining('Internal'),
    });
  });
});

describe('StripeBilling webhooks', () => {
  const signed = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const webhookBilling = () =>
    new StripeBilling({
      secretKey: 'sk_test_123',
      webhookSecret: WEBHOOK_SECRET,
      logger: createLogger('silent'),
    });

  it('reads a paid invoice as the paid period of its subscription', () => {
    const payload = JSON.stringify(event('invoice.paid', invoice()));

    expect(webhookBilling().parseWebhook(payload, signed(payload))).toEqual({
      id: 'evt_1',
      type: 'invoice_paid',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
      periodEnd: PERIOD_END + 30 * 24 * 60 * 60,
    });
  });

  it('reads invoice.payment_succeeded like invoice.paid', () => {
    const payload = JSON.stringify(event('invoice.payment_succeeded', invoice()));

    expect(webhookBilling().parseWebhook(payload, signed(payload))).toMatchObject({ type: 'invoice_paid' });
  });

  it('asks for the subscription when a paid invoice carries none of its lines', () => {
    const payload = JSON.stringify(
      event('invoice.paid', invoice({ lines: list([], '/v1/invoices/in_2/lines') })),
    );

    expect(webhookBilling().parseWebhook(payload, signed(payload))).toMatchObject({
      type: 'subscription_updated',
    });
  });

  it('reads failed payments, updates and deletions', () => {
    const billing = webhookBilling();
    const read = (type: string, object: unknown) => {
      const payload = JSON.stringify(event(type, object));
      return billing.parseWebhook(payload, signed(payload));
    };

    expect(read('invoice.payment_failed', invoice())).toMatchObject({
      type: 'invoice_payment_failed',
      subscriptionId: 'sub_1',
    });
    expect(read('customer.subscription.updated', subscription())).toMatchObject({
      type: 'subscription_updated',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
    });
    expect(read('customer.subscription.deleted', subscription({ status: 'canceled' }))).toMatchObject({
      type: 'subscription_deleted',
      subscriptionId: 'sub_1',
    });
  });

  it('ignores other events, and invoices that belong to no subscription', () => {
    const billing = webhookBilling();
    const customerEvent = JSON.stringify(event('customer.updated', customer()));
    const oneOff = JSON.stringify(event('invoice.paid', invoice({ parent: null })));

    expect(billing.parseWebhook(customerEvent, signed(customerEvent))).toEqual({
      id: 'evt_1',
      type: 'ignored',
    });
    expect(billing.parseWebhook(oneOff, signed(oneOff))).toEqual({ id: 'evt_1', type: 'ignored' });
  });

  it('refuses a delivery signed with another secret, tampered with, or unsigned', () => {
    const billing = webhookBilling();
    const payload = JSON.stringify(event('customer.subscription.deleted', subscription()));

    expect(() => billing.parseWebhook(payload, signed(payload, 'whsec_other'))).toThrow(
      WebhookSignatureError,
    );
    expect(() => billing.parseWebhook(payload.replace('sub_1', 'sub_2'), signed(payload))).toThrow(
      WebhookSignatureError,
    );
    expect(() => billing.parseWebhook(payload, undefined)).toThrow(WebhookSignatureError);
  });
});
