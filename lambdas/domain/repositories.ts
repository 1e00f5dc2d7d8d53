import type { AssociationRepository } from './associations/association-repository';
import type { FactRepository } from './associations/fact-repository';
import type { SessionRepository } from './auth/session-repository';
import type { SignInFlowRepository } from './auth/sign-in-flow-repository';
import type { ProcessedEvents, UserBillingState } from './billing/billing-state';
import type { CommentRepository, ShareRepository } from './review/review-repository';
import type { BlockRepository } from './blocks/block-repository';
import type { BookRepository } from './book/book-repository';
import type { ChapterRepository } from './chapters/chapter-repository';
import type { OutlineRepository } from './outline/outline-repository';
import type { RelationshipRepository } from './relationships/relationship-repository';
import type { DailyWordsRepository } from './progress/daily-words-repository';
import type { ExportJobRepository } from './export/export-job-repository';
import type { SeriesRepository } from './series/series-repository';
import type { SettingsRepository } from './settings/settings-repository';
import type { StoryRepository } from './stories/story-repository';
import type { TextCacheRepository } from './text-cache/text-cache-repository';
import type { TrashRepository } from './trash/trash-repository';
import type { UserRepository } from './users/user-repository';
import type { UnitOfWork } from './unit-of-work';
import type { VersionRepository } from './versions/version-repository';

/** Every repository the domain uses, and the one way to commit their writes and make their reads together. */
export interface Repositories extends UnitOfWork {
  stories: StoryRepository;
  series: SeriesRepository;
  chapters: ChapterRepository;
  blocks: BlockRepository;
  /** Each chapter's text as the story-wide reads need it, cached by the chapter's content stamp. */
  textCache: TextCacheRepository;
  associations: AssociationRepository;
  /** Facts about associations, from the chapter they become true in (issue 25 §2). */
  facts: FactRepository;
  settings: SettingsRepository;
  /** How each story is made into a book (issue 27 §1). */
  books: BookRepository;
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
  /** A story's share links, the people who joined through them and where they stopped reading. */
  shares: ShareRepository;
  /** Comment threads and suggestions on a story's chapters, and what each person has not yet seen. */
  comments: CommentRepository;
  /** How a story's associations relate, chapter by chapter (issue 25 §3). */
  relationships: RelationshipRepository;
}
