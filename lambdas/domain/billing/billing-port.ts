import type { LocalCardRequest, PaymentMethod, Product } from '../../../shared/schemas/billing';
import { AppError, ConflictError } from '../../errors';

/**
 * The payment provider behind the spec §7 billing calls. Two adapters implement it: Stripe
 * (`adapters/stripe`) and the embedded runtime's local provider (`adapters/local-billing`). Times are unix
 * seconds, as the provider counts them.
 */
export interface Billing {
  /**
   * A new customer for the author. `idempotencyKey` makes a repeated call (a retry, a second tab) answer the
   * same customer instead of creating another.
   */
  createCustomer(author: BillingAuthor, idempotencyKey: string): Promise<BillingCustomer>;
  /** The customer with its cards; undefined when the provider does not know it (e.g. deleted there). */
  findCustomer(customerId: string): Promise<BillingCustomer | undefined>;
  /** Purchasable plans, each with its recurring price. */
  listProducts(): Promise<Product[]>;
  /**
   * Attaches the payment method to the customer (when it is not already) and makes it the default for
   * invoices. A card the provider refuses throws `CardDeclinedError`; a payment method that belongs to
   * another customer throws `ForeignPaymentMethodError`.
   */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<PaymentMethod>;
  getDefaultPaymentMethod(customerId: string): Promise<PaymentMethod | undefined>;
  /**
   * Starts a subscription charged to the customer's default payment method. Resolves only once the provider
   * has taken the first payment; a refused charge throws `CardDeclinedError` and leaves no subscription.
   */
  createSubscription(request: NewSubscription): Promise<ProviderSubscription>;
  /** Cancels at the end of the period (`renewing` false) or resumes renewal (`renewing` true). */
  setRenewing(customerId: string, subscriptionId: string, renewing: boolean): Promise<ProviderSubscription>;
  /** The subscription as the provider holds it now; undefined when it is not this customer's or unknown. */
  getSubscription(customerId: string, subscriptionId: string): Promise<ProviderSubscription | undefined>;
  /**
   * Verifies a webhook delivery against its signature header and reads it. A bad or missing signature throws
   * `WebhookSignatureError`. Providers without webhooks refuse every delivery the same way.
   */
  parseWebhook(payload: string, signatureHeader: string | undefined): BillingEvent;
}

/** The payment provider, as composed for this runtime (`adapters/billing-provider.ts`). */
export interface BillingProvider {
  /** The adapter; in AWS it reads its secrets on its first call to the provider. */
  billing: Billing;
  /** The adapter with its secrets read, as verifying a webhook signature needs. */
  connect(): Promise<Billing>;
}

/** What Stripe Elements does in the browser, done by the local provider for its card form. */
export interface LocalCardTokenizer {
  tokenizeCard(request: LocalCardRequest): PaymentMethod;
}

export interface BillingAuthor {
  userId: string;
  email?: string;
  name?: string;
}

export interface BillingCustomer {
  id: string;
  payment_methods: PaymentMethod[];
}

export interface NewSubscription {
  customerId: string;
  priceId: string;
  /** Repeating the same request (same key) answers the same subscription, never a second one. */
  idempotencyKey: string;
}

/**
 * The provider's subscription, reduced to what the product needs:
 * - `active`: paid up (Stripe's `active` and `trialing`);
 * - `past_due`: a renewal payment failed and the provider is retrying (`past_due`, `unpaid`);
 * - `incomplete`: the first payment is not confirmed (`incomplete`, `paused`);
 * - `ended`: over for good (`canceled`, `incomplete_expired`).
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: 'active' | 'past_due' | 'incomplete' | 'ended';
  /** False once cancelled at the end of the period. */
  renewing: boolean;
  /** End of the current period. While `past_due` this period is not paid for. */
  periodEnd: number;
}

/** A verified webhook event, reduced to the four kinds that move a user's subscription state. */
export type BillingEvent =
  | { id: string; type: 'invoice_paid'; subscriptionId: string; customerId: string; periodEnd: number }
  | { id: string; type: 'invoice_payment_failed'; subscriptionId: string; customerId: string }
  | { id: string; type: 'subscription_updated'; subscriptionId: string; customerId: string }
  | { id: string; type: 'subscription_deleted'; subscriptionId: string; customerId: string }
  /** Any other event type: acknowledged, changes nothing. */
  | { id: string; type: 'ignored' };

/** The card was refused; the message is the provider's own, shown to the author as is (spec §8). */
export class CardDeclinedError extends AppError {
  constructor(message: string, code = 'card_declined') {
    super(402, code, message);
  }
}

export class InsufficientFundsError extends CardDeclinedError {
  constructor(message = 'Your card has insufficient funds.') {
    super(message, 'insufficient_funds');
  }
}

/** Spec §8 Subscribe 409. */
export const ALREADY_SUBSCRIBED_MESSAGE =
  'You appear to already have an active subscription. Please contact support if this is an error.';

export class AlreadySubscribedError extends ConflictError {
  constructor() {
    super(ALREADY_SUBSCRIBED_MESSAGE, 'already_subscribed');
  }
}

/** A price that is not one of the listed products' prices. */
export class UnknownPriceError extends AppError {
  constructor() {
    super(400, 'unknown_price', 'That price is not offered.');
  }
}

/** A customer id in the request that is not the signed-in author's own. */
export class ForeignCustomerError extends AppError {
  constructor() {
    super(403, 'foreign_customer', 'That customer is not yours.');
  }
}

/** A payment method already attached to some other customer. */
export class ForeignPaymentMethodError extends AppError {
  constructor() {
    super(403, 'foreign_payment_method', 'That payment method is not yours.');
  }
}

/**
 * Renewal asked of an author without a subscription. `PUT /api/user` answers it with a 303 to `/subscribe`
 * (spec §7); `status` is what any other caller would answer.
 */
export class NoSubscriptionError extends AppError {
  static readonly redirectTo = '/subscribe';
  constructor() {
    super(409, 'no_subscription', 'You have no subscription.');
  }
}

/** The author has not registered with the payment provider yet, or has no card. */
export class NoPaymentMethodError extends AppError {
  constructor() {
    super(404, 'no_payment_method', 'No payment method is on file.');
  }
}

/** The provider failed or answered something unusable; details are logged by the adapter, never returned. */
export class BillingProviderError extends AppError {
  constructor(cause?: unknown) {
    super(502, 'billing_provider_failed', 'The payment service is unavailable. Please try again later.');
    this.cause = cause;
  }
}

export class WebhookSignatureError extends AppError {
  constructor() {
    super(400, 'invalid_signature', 'The webhook signature is invalid.');
  }
}
