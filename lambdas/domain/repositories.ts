import type { AssociationRepository } from './associations/association-repository';
import type { SessionRepository } from './auth/session-repository';
import type { SignInFlowRepository } from './auth/sign-in-flow-repository';
import type { ProcessedEvents, UserBillingState } from './billing/billing-state';
import type { BlockRepository } from './blocks/block-repository';
import type { ChapterRepository } from './chapters/chapter-repository';
import type { OutlineRepository } from './outline/outline-repository';
import type { DailyWordsRepository } from './progress/daily-words-repository';
import type { ExportJobRepository } from './export/export-job-repository';
import type { SeriesRepository } from './series/series-repository';
import type { SettingsRepository } from './settings/settings-repository';
import type { StoryRepository } from './stories/story-repository';
import type { TextCacheRepository } from './text-cache/text-cache-repository';
import type { TrashRepository } from './trash/trash-repository';
import type { UserRepository } from './users/user-repository';
import type { VersionRepository } from './versions/version-repository';

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

/** Every repository the domain uses, and the one way to commit their writes together. */
export interface Repositories {
  stories: StoryRepository;
  series: SeriesRepository;
  chapters: ChapterRepository;
  blocks: BlockRepository;
  /** Each chapter's text as the story-wide reads need it, cached by the chapter's content stamp. */
  textCache: TextCacheRepository;
  associations: AssociationRepository;
  settings: SettingsRepository;
  outlines: OutlineRepository;
  users: UserRepository;
  sessions: SessionRepository;
  signInFlows: SignInFlowRepository;
  exportJobs: ExportJobRepository;
  /** The index of each chapter's versions (their bodies are blobs). */
  versions: VersionRepository;
  trash: TrashRepository;
  /** The words each author wrote per day. */
  dailyWords: DailyWordsRepository;
  /** The billing fields of users, found by user or by payment-provider customer. */
  billingState: UserBillingState;
  /** Webhook events already applied. */
  processedEvents: ProcessedEvents;
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
