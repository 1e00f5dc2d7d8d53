import Stripe from 'stripe';
import type { PaymentMethod, Product } from '../../../shared/schemas/billing';
import {
  BillingProviderError,
  CardDeclinedError,
  ForeignPaymentMethodError,
  InsufficientFundsError,
  NoSubscriptionError,
  WebhookSignatureError,
  type Billing,
  type BillingAuthor,
  type BillingCustomer,
  type BillingEvent,
  type NewSubscription,
  type ProviderSubscription,
} from '../../domain/billing/billing-port';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';

export interface StripeBillingOptions {
  secretKey: string;
  /** The signing secret of the webhook endpoint (`whsec_…`). */
  webhookSecret: string;
  logger: Logger;
  /** Another endpoint than api.stripe.com: the tests' local stand-in. */
  endpoint?: { host: string; port: number; protocol: 'http' | 'https' };
  /** The SDK retries connection failures, 409s and 5xx with the same idempotency key. */
  maxNetworkRetries?: number;
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/**
 * The `Billing` port on Stripe (API version pinned by the installed SDK, where periods belong to subscription
 * items and an invoice names its subscription under `parent.subscription_details`).
 */
export class StripeBilling implements Billing {
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeBillingOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: 10_000,
      telemetry: false,
      ...(options.endpoint ?? {}),
    });
  }

  createCustomer(author: BillingAuthor, idempotencyKey: string): Promise<BillingCustomer> {
    return this.call('create customer', async () => {
      const customer = await this.stripe.customers.create(
        {
          ...(author.email ? { email: author.email } : {}),
          ...(author.name ? { name: author.name } : {}),
          metadata: { user_id: author.userId },
        },
        { idempotencyKey },
      );
      return { id: customer.id, payment_methods: [] };
    });
  }

  findCustomer(customerId: string): Promise<BillingCustomer | undefined> {
    return this.call('find customer', async () => {
      const customer = await this.retrieveCustomer(customerId);
      if (!customer) return undefined;
      const defaultId = idOf(customer.invoice_settings.default_payment_method);
      const methods = await this.stripe.customers.listPaymentMethods(customerId, {
        type: 'card',
        limit: 100,
      });
      return {
        id: customer.id,
        payment_methods: methods.data.flatMap(
          (method) => toPaymentMethod(method, method.id === defaultId) ?? [],
        ),
      };
    });
  }

  listProducts(): Promise<Product[]> {
    return this.call('list products', async () => {
      const products = await this.stripe.products.list({
        active: true,
        limit: 100,
        expand: ['data.default_price'],
      });
      return products.data.flatMap((product) => {
        const price = product.default_price;
        if (!price || typeof price === 'string' || !price.active || !price.recurring) return [];
        return [{ price_id: price.id, name: product.name, description: product.description ?? '' }];
      });
    });
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<PaymentMethod> {
    return this.call('set default payment method', async () => {
      let method = await this.stripe.paymentMethods.retrieve(paymentMethodId).catch((error: unknown) => {
        if (isMissing(error)) throw new ForeignPaymentMethodError();
        throw error;
      });
      const owner = idOf(method.customer);
      if (owner !== undefined && owner !== customerId) throw new ForeignPaymentMethodError();
      if (owner === undefined)
        method = await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      await this.stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      const summary = toPaymentMethod(method, true);
      if (!summary) throw new CardDeclinedError('Only cards are accepted.', 'unsupported_payment_method');
      return summary;
    });
  }

  getDefaultPaymentMethod(customerId: string): Promise<PaymentMethod | undefined> {
    return this.call('get default payment method', async () => {
      const customer = await this.retrieveCustomer(customerId, ['invoice_settings.default_payment_method']);
      const method = customer?.invoice_settings.default_payment_method;
      return method && typeof method !== 'string' ? toPaymentMethod(method, true) : undefined;
    });
  }

  createSubscription(request: NewSubscription): Promise<ProviderSubscription> {
    return this.call('create subscription', async () => {
      // error_if_incomplete: a first payment Stripe cannot take (declined, or needing authentication the
      // server cannot give) fails the call with a card error and leaves no subscription behind, so `active`
      // in the answer is Stripe's confirmation of the payment. (Invoices of this API version no longer carry
      // a `payment_intent` to expand and inspect.)
      const subscription = await this.stripe.subscriptions.create(
        {
          customer: request.customerId,
          items: [{ price: request.priceId }],
          payment_behavior: 'error_if_incomplete',
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toProviderSubscription(subscription);
    });
  }

  setRenewing(customerId: string, subscriptionId: string, renewing: boolean): Promise<ProviderSubscription> {
    return this.call('set renewing', async () => {
      try {
        return toProviderSubscription(
          await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !renewing }),
        );
      } catch (error) {
        // Stripe refuses to change a subscription that has ended: say so rather than fail.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const current = await this.getSubscription(customerId, subscriptionId);
        if (!current) throw new NoSubscriptionError();
        if (current.status === 'ended') return current;
        throw error;
      }
    });
  }

  getSubscription(customerId: string, subscriptionId: string): Promise<ProviderSubscription | undefined> {
    return this.call('get subscription', async () => {
      try {
        const subscription = toProviderSubscription(await this.stripe.subscriptions.retrieve(subscriptionId));
        return subscription.customerId === customerId ? subscription : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    });
  }

  parseWebhook(payload: string, signatureHeader: string | undefined): BillingEvent {
    if (!signatureHeader) throw new WebhookSignatureError();
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signatureHeader, this.options.webhookSecret);
    } catch {
      throw new WebhookSignatureError();
    }
    return toBillingEvent(event);
  }

  private async retrieveCustomer(
    customerId: string,
    expand?: string[],
  ): Promise<Stripe.Customer | undefined> {
    try {
      const customer = await this.stripe.customers.retrieve(customerId, expand ? { expand } : {});
      return customer.deleted ? undefined : customer;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** Card errors keep Stripe's own message for the author; anything else is logged and answered as a 502. */
  private async call<Result>(operation: string, run: () => Promise<Result>): Promise<Result> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof Stripe.errors.StripeCardError) {
        if (error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds') {
          throw new InsufficientFundsError(error.message);
        }
        throw new CardDeclinedError(error.message, error.code ?? 'card_declined');
      }
      this.options.logger.error('payment provider call failed', {
        operation,
        ...(error instanceof Stripe.errors.StripeError
          ? { type: error.type, code: error.code, status: error.statusCode, requestId: error.requestId }
          : { error: String(error) }),
      });
      throw new BillingProviderError(error);
    }
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

function toPaymentMethod(method: Stripe.PaymentMethod, isDefault: boolean): PaymentMethod | undefined {
  if (!method.card) return undefined;
  return {
    id: method.id,
    brand: method.card.brand,
    last_four: method.card.last4,
    expiration_month: method.card.exp_month,
    expiration_year: method.card.exp_year,
    is_default: isDefault,
  };
}

const statusOf: Record<string, ProviderSubscription['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'incomplete',
  paused: 'incomplete',
  canceled: 'ended',
  incomplete_expired: 'ended',
};

function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const status = statusOf[subscription.status] ?? 'incomplete';
  const periodEnd = Math.max(0, ...subscription.items.data.map((item) => item.current_period_end));
  const customerId = idOf(subscription.customer);
  if (!customerId || periodEnd === 0)
    throw new Error(`subscription ${subscription.id} has no customer or period`);
  return {
    id: subscription.id,
    customerId,
    status,
    renewing: status !== 'ended' && !subscription.cancel_at_period_end && subscription.cancel_at === null,
    periodEnd,
  };
}

function toBillingEvent(event: Stripe.Event): BillingEvent {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      const customerId = idOf(invoice.customer);
      if (!subscriptionId || !customerId) return { id: event.id, type: 'ignored' };
      if (event.type === 'invoice.payment_failed') {
        return { id: event.id, type: 'invoice_payment_failed', subscriptionId, customerId };
      }
      const lineEnds = invoice.lines.data
        .filter(
          (line) =>
            idOf(line.subscription) === subscriptionId ||
            line.parent?.subscription_item_details?.subscription === subscriptionId,
        )
        .map((line) => line.period.end);
      // Without the subscription's lines the paid period is unknown: ask Stripe instead of guessing.
      if (lineEnds.length === 0)
        return { id: event.id, type: 'subscription_updated', subscriptionId, customerId };
      return {
        id: event.id,
        type: 'invoice_paid',
        subscriptionId,
        customerId,
        periodEnd: Math.max(...lineEnds),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      if (!customerId) return { id: event.id, type: 'ignored' };
      const type =
        event.type === 'customer.subscription.deleted' ? 'subscription_deleted' : 'subscription_updated';
      return { id: event.id, type, subscriptionId: subscription.id, customerId };
    }
    default:
      return { id: event.id, type: 'ignored' };
  }
}
