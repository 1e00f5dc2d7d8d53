import { ConcurrentChangeError } from '../../domain/concurrency';
import type { Repositories } from '../../domain/repositories';
import { DynamoDbAssociationRepository } from './association-repository';
import { DynamoDbProcessedEvents, DynamoDbUserBillingState } from './billing-state-repository';
import { DynamoDbBlockRepository } from './block-repository';
import { DynamoDbBookRepository } from './book-repository';
import { DynamoDbChapterRepository } from './chapter-repository';
import { DynamoDbCommentRepository } from './comment-repository';
import { DynamoDbDailyWordsRepository } from './daily-words-repository';
import type { Database } from './document-client';
import { DynamoDbFactRepository } from './fact-repository';
import { DynamoDbOutlineRepository } from './outline-repository';
import { DynamoDbRelationshipRepository } from './relationship-repository';
import { DynamoDbExportJobRepository } from './export-job-repository';
import { DynamoDbSeriesRepository } from './series-repository';
import { DynamoDbSessionRepository } from './session-repository';
import { DynamoDbSettingsRepository } from './settings-repository';
import { DynamoDbShareRepository } from './share-repository';
import { DynamoDbSignInFlowRepository } from './sign-in-flow-repository';
import { DynamoDbStoryRepository } from './story-repository';
import { readTogether, TransactionCancelledError, transactWrite } from './table';
import { DynamoDbTextCacheRepository } from './text-cache-repository';
import { DynamoDbTrashRepository } from './trash-repository';
import { DynamoDbUserRepository } from './user-repository';
import { DynamoDbVersionRepository } from './version-repository';

/** Every repository on the single table; a commit is one TransactWriteItems call, a read one BatchGetItem. */
export function createDynamoDbRepositories(database: Database): Repositories {
  return {
    stories: new DynamoDbStoryRepository(database),
    series: new DynamoDbSeriesRepository(database),
    chapters: new DynamoDbChapterRepository(database),
    blocks: new DynamoDbBlockRepository(database),
    textCache: new DynamoDbTextCacheRepository(database),
    associations: new DynamoDbAssociationRepository(database),
    facts: new DynamoDbFactRepository(database),
    settings: new DynamoDbSettingsRepository(database),
    books: new DynamoDbBookRepository(database),
    outlines: new DynamoDbOutlineRepository(database),
    users: new DynamoDbUserRepository(database),
    sessions: new DynamoDbSessionRepository(database),
    signInFlows: new DynamoDbSignInFlowRepository(database),
    exportJobs: new DynamoDbExportJobRepository(database),
    versions: new DynamoDbVersionRepository(database),
    trash: new DynamoDbTrashRepository(database),
    dailyWords: new DynamoDbDailyWordsRepository(database),
    billingState: new DynamoDbUserBillingState(database),
    processedEvents: new DynamoDbProcessedEvents(database),
    shares: new DynamoDbShareRepository(database),
    comments: new DynamoDbCommentRepository(database),
    relationships: new DynamoDbRelationshipRepository(database),
    async commit(writes) {
      try {
        await transactWrite(database, writes);
      } catch (error) {
        // A condition no longer holds: another writer got in between, or something was deleted.
        if (error instanceof TransactionCancelledError) {
          const failedWrites = error.codes.flatMap((_, index) =>
            error.conditionFailedAt(index) ? [index] : [],
          );
          throw new ConcurrentChangeError(error.message, failedWrites);
        }
        throw error;
      }
    },
    read: (reads) => readTogether(database, reads),
  };
}
