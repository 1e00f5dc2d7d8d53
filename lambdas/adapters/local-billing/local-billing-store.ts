/** One customer of the local provider, with its cards and its latest subscription. */
export interface LocalBillingRecord {
  customerId: string;
  userId: string;
  email?: string;
  name?: string;
  /** Ids of the attached cards, in the order attached (the id carries the card's details). */
  paymentMethodIds: string[];
  defaultPaymentMethodId?: string;
  subscription?: LocalSubscription;
  /** 1 for a new record, one more on every write: the condition of the next write. */
  version: number;
}

export interface LocalSubscription {
  id: string;
  priceId: string;
  /** As stored: renewals that came due since are worked out on read. */
  status: 'active' | 'ended';
  renewing: boolean;
  periodEnd: number;
  /** The subscribe request that created it: the same request again answers this subscription. */
  requestKey: string;
}

/**
 * Where the local provider keeps its customers: one record per customer, written conditionally. The
 * embedded runtime keeps them in its DynamoDB table (added with the wiring); tests use the in-memory store.
 */
export interface LocalBillingStore {
  get(customerId: string): Promise<LocalBillingRecord | undefined>;
  /**
   * Stores the record if the stored one is at `record.version - 1` (none stored when `record.version` is 1);
   * false when another write got there first.
   */
  put(record: LocalBillingRecord): Promise<boolean>;
}

export class InMemoryLocalBillingStore implements LocalBillingStore {
  private readonly records = new Map<string, LocalBillingRecord>();

  async get(customerId: string): Promise<LocalBillingRecord | undefined> {
    const record = this.records.get(customerId);
    return record && structuredClone(record);
  }

  async put(record: LocalBillingRecord): Promise<boolean> {
    const storedVersion = this.records.get(record.customerId)?.version ?? 0;
    if (storedVersion !== record.version - 1) return false;
    this.records.set(record.customerId, structuredClone(record));
    return true;
  }
}
