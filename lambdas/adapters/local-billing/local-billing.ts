import { createHash, randomBytes } from 'node:crypto';
import type { LocalCardRequest, PaymentMethod, Product } from '../../../shared/schemas/billing';
import {
  AlreadySubscribedError,
  BillingProviderError,
  CardDeclinedError,
  ForeignPaymentMethodError,
  NoSubscriptionError,
  UnknownPriceError,
  WebhookSignatureError,
  type Billing,
  type BillingAuthor,
  type BillingCustomer,
  type BillingEvent,
  type NewSubscription,
  type ProviderSubscription,
} from '../../domain/billing/billing-port';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../../domain/concurrency';
import type { LocalBillingRecord, LocalBillingStore, LocalSubscription } from './local-billing-store';
import {
  CARD_DECLINED_MESSAGE,
  cardExpiresAt,
  chargeSucceeds,
  parseLocalCardId,
  requireAttachable,
  tokenizeTestCard,
  type LocalCard,
} from './test-cards';

export const DEFAULT_LOCAL_BILLING_PERIOD_SECONDS = 30 * 24 * 60 * 60;

/** The one plan the local provider sells. */
export const LOCAL_PREMIUM_PLAN: Product = {
  price_id: 'price_local_premium_monthly',
  name: 'Loreweaver Premium',
  description:
    'Export your stories as PDF, DOCX or EPUB, build outlines from the Three-Act, Five-Act and Hero’s Journey ' +
    'templates, and keep as many associations per story as you need. US$5 a month, renewed automatically ' +
    'until you turn auto-renewal off.',
};

export interface LocalBillingOptions {
  store: LocalBillingStore;
  now(): Date;
  /** `LOCAL_BILLING_PERIOD_SECONDS`: short periods let renewal and expiry be watched locally. */
  periodSeconds?: number;
  /** Random suffixes of the ids it issues; injected by tests that need to know them. */
  nonce?: () => string;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The embedded runtime's payment provider: no network, Stripe's test cards, Stripe's messages. Periods renew or
 * end as time passes, worked out whenever a subscription is read (with the injected clock), so nothing has to
 * run in the background; a renewal charges the default card as it is at that moment.
 */
export class LocalBilling implements Billing {
  private readonly periodSeconds: number;
  private readonly nonce: () => string;

  constructor(private readonly options: LocalBillingOptions) {
    this.periodSeconds = options.periodSeconds ?? DEFAULT_LOCAL_BILLING_PERIOD_SECONDS;
    this.nonce = options.nonce ?? (() => randomBytes(4).toString('hex'));
  }

  /**
   * What Stripe Elements does in the browser, for the local card form: turns a card number, expiry and CVC
   * into a payment-method id. Only Stripe's test numbers are accepted; no card number is ever stored.
   */
  tokenizeCard(request: LocalCardRequest): PaymentMethod {
    return toPaymentMethod(tokenizeTestCard(request, this.nonce(), this.options.now()), false);
  }

  async createCustomer(author: BillingAuthor): Promise<BillingCustomer> {
    // One customer per author, whatever the number of calls: the id is derived from the author's.
    const customerId = `cus_local_${createHash('sha256').update(author.userId).digest('hex').slice(0, 24)}`;
    const existing = await this.options.store.get(customerId);
    if (existing) return this.toCustomer(existing);
    const record: LocalBillingRecord = {
      customerId,
      userId: author.userId,
      ...(author.email ? { email: author.email } : {}),
      ...(author.name ? { name: author.name } : {}),
      paymentMethodIds: [],
      version: 1,
    };
    if (await this.options.store.put(record)) return this.toCustomer(record);
    const winner = await this.options.store.get(customerId);
    if (!winner) throw new BillingProviderError();
    return this.toCustomer(winner);
  }

  async findCustomer(customerId: string): Promise<BillingCustomer | undefined> {
    const record = await this.options.store.get(customerId);
    return record && this.toCustomer(record);
  }

  async listProducts(): Promise<Product[]> {
    return [LOCAL_PREMIUM_PLAN];
  }

  async setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<PaymentMethod> {
    const card = parseLocalCardId(paymentMethodId);
    if (!card) throw new ForeignPaymentMethodError();
    requireAttachable(card, this.options.now());
    await this.update(customerId, (record) => ({
      ...record,
      paymentMethodIds: record.paymentMethodIds.includes(card.id)
        ? record.paymentMethodIds
        : [...record.paymentMethodIds, card.id],
      defaultPaymentMethodId: card.id,
    }));
    return toPaymentMethod(card, true);
  }

  async getDefaultPaymentMethod(customerId: string): Promise<PaymentMethod | undefined> {
    const record = await this.options.store.get(customerId);
    const card = record?.defaultPaymentMethodId && parseLocalCardId(record.defaultPaymentMethodId);
    return card ? toPaymentMethod(card, true) : undefined;
  }

  async createSubscription(request: NewSubscription): Promise<ProviderSubscription> {
    const record = await this.update(request.customerId, (current) => {
      const existing = current.subscription;
      if (existing?.requestKey === request.idempotencyKey) return current;
      if (existing?.status === 'active') throw new AlreadySubscribedError();
      if (request.priceId !== LOCAL_PREMIUM_PLAN.price_id) throw new UnknownPriceError();
      const card = defaultCard(current);
      if (!card) {
        throw new CardDeclinedError(
          'This customer has no attached payment source or default payment method.',
          'missing_payment_method',
        );
      }
      const now = seconds(this.options.now());
      if (!chargeSucceeds(card, now)) throw new CardDeclinedError(CARD_DECLINED_MESSAGE);
      const subscription: LocalSubscription = {
        id: `sub_local_${this.nonce()}${this.nonce()}`,
        priceId: request.priceId,
        status: 'active',
        renewing: true,
        periodEnd: now + this.periodSeconds,
        requestKey: request.idempotencyKey,
      };
      return { ...current, subscription };
    });
    if (!record.subscription) throw new BillingProviderError();
    return toProviderSubscription(record, record.subscription);
  }

  async setRenewing(
    customerId: string,
    subscriptionId: string,
    renewing: boolean,
  ): Promise<ProviderSubscription> {
    // As Stripe answers `resource_missing`: a customer it no longer knows has no subscription.
    if (!(await this.options.store.get(customerId))) throw new NoSubscriptionError();
    const record = await this.update(customerId, (current) => {
      const subscription = current.subscription;
      if (subscription?.id !== subscriptionId) throw new NoSubscriptionError();
      if (subscription.status === 'ended') return current;
      return { ...current, subscription: { ...subscription, renewing } };
    });
    if (!record.subscription) throw new BillingProviderError();
    return toProviderSubscription(record, record.subscription);
  }

  async getSubscription(
    customerId: string,
    subscriptionId: string,
  ): Promise<ProviderSubscription | undefined> {
    const stored = await this.options.store.get(customerId);
    if (!stored?.subscription || stored.subscription.id !== subscriptionId) return undefined;
    const record = this.advance(stored);
    return record.subscription && toProviderSubscription(record, record.subscription);
  }

  /** The local provider sends no webhooks: any delivery claiming to come from it is refused. */
  parseWebhook(): BillingEvent {
    throw new WebhookSignatureError();
  }

  /** The record with every renewal that came due by now charged, or the subscription ended. */
  private advance(record: LocalBillingRecord): LocalBillingRecord {
    const subscription = record.subscription;
    const now = seconds(this.options.now());
    if (!subscription || subscription.status === 'ended' || now < subscription.periodEnd) return record;
    if (!subscription.renewing) return { ...record, subscription: { ...subscription, status: 'ended' } };

    // Renewals fall due at periodEnd, periodEnd + period, …; each charges the default card.
    const due = Math.floor((now - subscription.periodEnd) / this.periodSeconds) + 1;
    const paid = paidRenewals(defaultCard(record), subscription.periodEnd, this.periodSeconds, due);
    const periodEnd = subscription.periodEnd + paid * this.periodSeconds;
    const advanced: LocalSubscription =
      paid === due
        ? { ...subscription, periodEnd }
        : { ...subscription, periodEnd, status: 'ended', renewing: false };
    return { ...record, subscription: advanced };
  }

  /** Read, bring up to date, change, write only if nobody wrote meanwhile; again if somebody did. */
  private async update(
    customerId: string,
    change: (record: LocalBillingRecord) => LocalBillingRecord,
  ): Promise<LocalBillingRecord> {
    return retryOnConcurrentChange(async () => {
      const stored = await this.options.store.get(customerId);
      if (!stored) throw new BillingProviderError(new Error(`unknown local customer ${customerId}`));
      const next = { ...change(this.advance(stored)), version: stored.version + 1 };
      if (!(await this.options.store.put(next))) {
        throw new ConcurrentChangeError('the local customer changed since it was read');
      }
      return next;
    });
  }

  private toCustomer(record: LocalBillingRecord): BillingCustomer {
    return {
      id: record.customerId,
      payment_methods: record.paymentMethodIds.flatMap((id) => {
        const card = parseLocalCardId(id);
        return card ? [toPaymentMethod(card, id === record.defaultPaymentMethodId)] : [];
      }),
    };
  }
}

function defaultCard(record: LocalBillingRecord): LocalCard | undefined {
  return record.defaultPaymentMethodId ? parseLocalCardId(record.defaultPaymentMethodId) : undefined;
}

/** How many of `due` renewals from `firstDue` on go through: all until the card fails or expires. */
function paidRenewals(card: LocalCard | undefined, firstDue: number, period: number, due: number): number {
  if (!card || !chargeSucceeds(card, firstDue)) return 0;
  const beforeExpiry = Math.ceil((cardExpiresAt(card) - firstDue) / period);
  return Math.min(due, Math.max(0, beforeExpiry));
}

function toPaymentMethod(card: LocalCard, isDefault: boolean): PaymentMethod {
  return {
    id: card.id,
    brand: card.brand,
    last_four: card.number.slice(-4),
    expiration_month: card.expirationMonth,
    expiration_year: card.expirationYear,
    is_default: isDefault,
  };
}

function toProviderSubscription(
  record: LocalBillingRecord,
  subscription: LocalSubscription,
): ProviderSubscription {
  return {
    id: subscription.id,
    customerId: record.customerId,
    status: subscription.status,
    renewing: subscription.status === 'active' && subscription.renewing,
    periodEnd: subscription.periodEnd,
  };
}
