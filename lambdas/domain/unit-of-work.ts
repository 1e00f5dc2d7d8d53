/**
 * The unit of work: the writes an operation collects and commits together, all or none, and the reads it makes
 * together in one round trip. Repositories make them; `UnitOfWork` commits and reads them.
 */

declare const writeBrand: unique symbol;
declare const readBrand: unique symbol;

/**
 * One write of an all-or-nothing transaction, made by a repository (`createItem`, `saveOrderItem`, ...) and
 * committed with others through `Repositories.commit`. What it holds is the adapter's business: the domain
 * only collects writes, which lets one operation change several entities atomically.
 */
export interface Write {
  readonly [writeBrand]: true;
}

/**
 * One read of a repository's items, answering a `T` (`requireOwnedRead`, `getBlocksRead`, ...), sent with others
 * through `Repositories.read`: the reads a request needs of several entities then cost one round trip.
 */
export interface Read<T> {
  readonly [readBrand]: T;
}

/** Named reads, some perhaps left out (undefined). */
export type Reads = Record<string, Read<unknown> | undefined>;

/** What a read answers; undefined for one left out. */
type ReadResult<Named> = Named extends Read<infer Result> ? Result : undefined;

/** What each named read answers, under the same name. */
export type ReadResults<Named extends Reads> = { [Name in keyof Named]: ReadResult<Named[Name]> };

/** The most writes one transaction takes (DynamoDB's limit); operations split larger changes themselves. */
export const MAX_WRITES_PER_TRANSACTION = 100;

/** The one way to commit writes together and make reads together. */
export interface UnitOfWork {
  /**
   * Commits the writes all or none. Throws `ConcurrentChangeError` when a condition of a write no longer
   * holds, and a `ValidationError` for more than MAX_WRITES_PER_TRANSACTION writes.
   */
  commit(writes: readonly Write[]): Promise<void>;
  /**
   * Makes the named reads together, all consistent, and answers what each found under its name. A read that
   * throws (an ownership check's 404) throws here, the first named first.
   */
  read<Named extends Reads>(reads: Named): Promise<ReadResults<Named>>;
}
