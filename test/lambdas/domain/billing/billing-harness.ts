import { LocalBilling } from '../../../../lambdas/adapters/local-billing/local-billing';
import { InMemoryLocalBillingStore } from '../../../../lambdas/adapters/local-billing/local-billing-store';
import type { BillingEvent, ProviderSubscription } from '../../../../lambdas/domain/billing/billing-port';
import { WebhookSignatureError } from '../../../../lambdas/domain/billing/billing-port';
import type {
  BillingPorts,
  ProcessedEvents,
  UserBilling,
  UserBillingState,
} from '../../../../lambdas/domain/billing/billing-state';

export const START = new Date('2026-11-21T12:00:00Z');
export const startSeconds = START.getTime() / 1000;
export const PERIOD = 3_600;
export const VALID_SIGNATURE = 'signed-by-the-provider';

export const FREE_USER: UserBilling = {
  customer_id: '',
  subscription_id: '',
  renewing: false,
  expired: false,
  expires_at: '',
};

/** The user-profile side of billing, as the DynamoDB implementation will behave: conditional on all five fields. */
export class InMemoryUserBillingState implements UserBillingState {
  readonly users = new Map<string, UserBilling>();
  /** Writes to refuse as if another request had won the race. */
  racesToLose = 0;

  async get(userId: string): Promise<UserBilling | undefined> {
    const user = this.users.get(userId);
    return user && { ...user };
  }

  async findUserIdByCustomerId(customerId: string): Promise<string | undefined> {
    return [...this.users].find(([, user]) => user.customer_id === customerId)?.[0];
  }

  /** The lookup is derived from the users here: a deleted user's customer is found by nobody already. */
  forgetCustomer(): Promise<void> {
    return Promise.resolve();
  }

  async replace(userId: string, expected: UserBilling, next: UserBilling): Promise<boolean> {
    if (this.racesToLose > 0) {
      this.racesToLose -= 1;
      return false;
    }
    const stored = this.users.get(userId);
    if (!stored || JSON.stringify(stored) !== JSON.stringify(expected)) return false;
    this.users.set(userId, { ...next });
    return true;
  }
}

export class InMemoryProcessedEvents implements ProcessedEvents {
  readonly ids = new Set<string>();
  async has(eventId: string): Promise<boolean> {
    return this.ids.has(eventId);
  }
  async record(eventId: string): Promise<void> {
    this.ids.add(eventId);
  }
}

/**
 * The local provider, plus what only Stripe has: webhooks (a delivery is the event as JSON, trusted when its
 * header is `VALID_SIGNATURE`) and subscriptions whose provider-side state a test sets directly.
 */
export class TestBilling extends LocalBilling {
  readonly providerSubscriptions = new Map<string, ProviderSubscription>();

  override parseWebhook(payload?: string, signatureHeader?: string): BillingEvent {
    if (signatureHeader !== VALID_SIGNATURE || payload === undefined) throw new WebhookSignatureError();
    return JSON.parse(payload) as BillingEvent;
  }

  override async getSubscription(customerId: string, subscriptionId: string) {
    const set = this.providerSubscriptions.get(subscriptionId);
    if (set) return set.customerId === customerId ? set : undefined;
    return super.getSubscription(customerId, subscriptionId);
  }
}

export function billingHarness() {
  const clock = { now: START };
  const now = () => clock.now;
  const billing = new TestBilling({ store: new InMemoryLocalBillingStore(), now, periodSeconds: PERIOD });
  const billingState = new InMemoryUserBillingState();
  const processedEvents = new InMemoryProcessedEvents();
  const ports: BillingPorts = { billing, billingState, processedEvents, now };
  return {
    ports,
    billing,
    billingState,
    processedEvents,
    addUser(userId: string, fields: Partial<UserBilling> = {}) {
      billingState.users.set(userId, { ...FREE_USER, ...fields });
    },
    user(userId: string) {
      return billingState.users.get(userId);
    },
    advanceBy(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  };
}

export const testCard = (number = '4242424242424242') => ({
  number,
  expiration_month: 12,
  expiration_year: 2030,
  cvc: '123',
});
