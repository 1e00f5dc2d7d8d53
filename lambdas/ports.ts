import type { Identity } from './domain/auth/identity';
import type { Billing, BillingProvider, LocalCardTokenizer } from './domain/billing/billing-port';
import type { BillingPorts } from './domain/billing/billing-state';
import type { DomainPorts } from './domain/ports';
import type { Config } from './env';

/** Every port a handler may use: the domain's, composed for this runtime, and the runtime's own. */
export interface Ports extends DomainPorts {
  config: Config;
  identity: Identity;
  billing: BillingProvider;
  /**
   * The local provider's card form (embedded runtime); undefined wherever Stripe is the provider, as in AWS.
   * Apart from `billing` so that its route needs no payment provider, hence no Stripe secret.
   */
  localCards: LocalCardTokenizer | undefined;
}

/** The billing operations' ports out of a handler's: the provider's adapter and the billing repositories. */
export function billingPortsOf(
  ports: Pick<Ports, 'billing' | 'repositories' | 'now'>,
  billing: Billing = ports.billing.billing,
): BillingPorts {
  return {
    billing,
    billingState: ports.repositories.billingState,
    processedEvents: ports.repositories.processedEvents,
    now: ports.now,
  };
}
