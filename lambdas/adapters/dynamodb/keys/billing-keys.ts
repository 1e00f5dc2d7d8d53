/** Finds the user a payment-provider customer belongs to: webhooks name customers, not users. */
export const customerKey = (customerId: string) => ({ PK: `CUSTOMER#${customerId}`, SK: 'CUSTOMER' });
/** A webhook event already applied, kept (TTL) past the provider's retry window. */
export const processedEventKey = (eventId: string) => ({ PK: `EVENT#${eventId}`, SK: 'EVENT' });
/** The local payment provider's record of one customer (embedded runtime only). */
export const localBillingKey = (customerId: string) => ({
  PK: `LOCAL_BILLING#${customerId}`,
  SK: 'LOCAL_BILLING',
});
