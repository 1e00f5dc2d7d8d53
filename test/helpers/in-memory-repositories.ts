import type { BookSettings } from '../../shared/schemas/book';
import type { DocumentSettings } from '../../shared/schemas/settings';
import type { User } from '../../shared/schemas/user';
import type {
  AssociationHome,
  AssociationRecord,
  AssociationRepository,
  NewAssociationRecord,
} from '../../lambdas/domain/associations/association-repository';
import type { Session, SessionRepository } from '../../lambdas/domain/auth/session-repository';
import type { SignInFlow, SignInFlowRepository } from '../../lambdas/domain/auth/sign-in-flow-repository';
import type {
  ProcessedEvents,
  UserBilling,
  UserBillingState,
} from '../../lambdas/domain/billing/billing-state';
import type { BlockOrder, BlockRepository, StoredBlock } from '../../lambdas/domain/blocks/block-repository';
import type {
  ChapterIndex,
  ChapterRecord,
  ChapterRepository,
} from '../../lambdas/domain/chapters/chapter-repository';
import { ConcurrentChangeError } from '../../lambdas/domain/concurrency';
import type { ExportJobRecord, ExportJobRepository } from '../../lambdas/domain/export/export-job-repository';
import {
  MAX_WRITES_PER_TRANSACTION,
  type Read,
  type ReadResults,
  type Write,
} from '../../lambdas/domain/unit-of-work';
import type { Repositories } from '../../lambdas/domain/repositories';
import type { OutlineRepository, StoredOutline } from '../../lambdas/domain/outline/outline-repository';
import type {
  RelationshipRepository,
  StoredRelationships,
} from '../../lambdas/domain/relationships/relationship-repository';
import type { DailyWordsRepository } from '../../lambdas/domain/progress/daily-words-repository';
import type { SeriesRecord, SeriesRepository } from '../../lambdas/domain/series/series-repository';
import type { SettingsRepository } from '../../lambdas/domain/settings/settings-repository';
import type { BookRepository } from '../../lambdas/domain/book/book-repository';
import type {
  CachedChapterText,
  TextCacheRepository,
} from '../../lambdas/domain/text-cache/text-cache-repository';
import type { StoryRecord, StoryRepository } from '../../lambdas/domain/stories/story-repository';
import type {
  DuePurge,
  TrashedChapter,
  TrashedStory,
  TrashRepository,
} from '../../lambdas/domain/trash/trash-repository';
import type { UserRepository } from '../../lambdas/domain/users/user-repository';
import type { VersionRecord, VersionRepository } from '../../lambdas/domain/versions/version-repository';
import { NotFoundError, ValidationError } from '../../lambdas/errors';

/**
 * The repositories in memory, with the same contract as the DynamoDB adapters: conditional writes collected
 * and committed all or none (a failed condition is a ConcurrentChangeError), versions on the chapter index,
 * the block order and series, and the association count limit. Domain tests run on it without any table.
 */

/**
 * Sharing and comments (issue 24) are tested on DynamoDB Local through the embedded runtime
 * (test/integration/review-*.test.ts); here only what the author's own reads ask of them answers, and a
 * domain test reaching further fails loudly.
 */
function notInMemory<Repository extends object>(name: string, answers: Partial<Repository>): Repository {
  return new Proxy(answers as Repository, {
    get(target, property) {
      if (property in target) return target[property as keyof Repository];
      throw new Error(`The in-memory repositories have no ${name}.${String(property)}.`);
    },
  });
}

/** A write checks its condition against the current state, then changes it; commit checks all before any change. */
interface MemoryWrite {
  holds(): boolean;
  apply(): void;
}
const asWrite = (write: MemoryWrite) => write as unknown as Write;
const asMemoryWrite = (write: Write) => write as unknown as MemoryWrite;

/** A read is the repository call it stands for, made when `read` makes the reads. */
type MemoryRead = () => Promise<unknown>;
const asRead = <T>(read: () => Promise<T>) => read as unknown as Read<T>;
const asMemoryRead = (read: Read<unknown>) => read as unknown as MemoryRead;

const copy = <T>(value: T): T => structuredClone(value);
const always = () => true;

export interface MemoryState {
  stories: Map<string, StoryRecord>;
  series: Map<string, SeriesRecord>;
  chapters: Map<string, ChapterRecord>;
  chapterIndexes: Map<string, ChapterIndex>;
  blocks: Map<string, Map<string, StoredBlock>>;
  blockOrders: Map<string, BlockOrder>;
  /** Cached chapter texts by chapter id. */
  textCache: Map<string, CachedChapterText>;
  associations: Map<string, Map<string, { record: AssociationRecord; creationOrder: number }>>;
  /** A series' shared associations, by series id. */
  sharedAssociations: Map<string, Map<string, { record: AssociationRecord; creationOrder: number }>>;
  associationCounts: Map<string, number>;
  settings: Map<string, DocumentSettings>;
  books: Map<string, BookSettings>;
  outlines: Map<string, StoredOutline>;
  relationships: Map<string, StoredRelationships>;
  users: Map<string, User>;
  /** Accounts marked deleted, whose purge has not removed them yet. */
  deletedUsers: Set<string>;
  identities: Map<string, string>;
  sessions: Map<string, Session>;
  signInFlows: Map<string, { flow: SignInFlow; expiresAt: number }>;
  exportJobs: Map<string, { job: ExportJobRecord; expiresAt: Date }>;
  /** Chapter id to its versions' index entries by version id. */
  versions: Map<string, Map<string, VersionRecord>>;
  /** Customer id to user id: the lookup written with `customer_id`, kept for good like the DynamoDB item. */
  customers: Map<string, string>;
  processedEvents: Set<string>;
  /** Trash entries by `<uid>/story/<sid>` or `<uid>/chapter/<sid>/<cid>`; the purge's last finished day. */
  trash: Map<string, TrashedStory | TrashedChapter>;
  purgedThrough: string | undefined;
  /** `<user id>/<date>` to the day's stored words. */
  dailyWords: Map<string, number>;
}

const owned = (userId: string, id: string) => `${userId}/${id}`;
const inStory = (storyId: string, id: string) => `${storyId}/${id}`;

export function createInMemoryRepositories(): Repositories & { state: MemoryState } {
  const state: MemoryState = {
    stories: new Map(),
    series: new Map(),
    chapters: new Map(),
    chapterIndexes: new Map(),
    blocks: new Map(),
    blockOrders: new Map(),
    textCache: new Map(),
    associations: new Map(),
    sharedAssociations: new Map(),
    associationCounts: new Map(),
    settings: new Map(),
    books: new Map(),
    outlines: new Map(),
    relationships: new Map(),
    users: new Map(),
    deletedUsers: new Set(),
    identities: new Map(),
    sessions: new Map(),
    signInFlows: new Map(),
    exportJobs: new Map(),
    customers: new Map(),
    processedEvents: new Set(),
    versions: new Map(),
    trash: new Map(),
    purgedThrough: undefined,
    dailyWords: new Map(),
  };

  const storyIn = (userId: string, storyId: string) => state.stories.get(owned(userId, storyId));

  const stories: StoryRepository = {
    async requireOwned(userId, storyId) {
      const story = storyIn(userId, storyId);
      if (!story) throw new NotFoundError('No such story.');
      return copy(story);
    },
    requireOwnedRead: (userId, storyId) => asRead(() => stories.requireOwned(userId, storyId)),
    getOwnedRead: (userId, storyId) => asRead(async () => (await stories.getOwned(userId, [storyId]))[0]),
    async listOwned(userId) {
      return [...state.stories]
        .filter(([key]) => key.startsWith(`${userId}/`))
        .map(([, story]) => copy(story));
    },
    async listLibrary(userId) {
      return { stories: await stories.listOwned(userId), series: await series.listOwned(userId) };
    },
    async getOwned(userId, storyIds) {
      return storyIds.flatMap((storyId) => {
        const story = storyIn(userId, storyId);
        return story ? [copy(story)] : [];
      });
    },
    createItem: (userId, story) =>
      asWrite({
        holds: () => !storyIn(userId, story.story_id),
        apply: () => state.stories.set(owned(userId, story.story_id), copy(story)),
      }),
    updateItem: (userId, storyId, change, now) =>
      asWrite({
        holds: () => {
          const story = storyIn(userId, storyId);
          return story !== undefined && story.series_id === change.expectedSeriesId;
        },
        apply: () => {
          const { series_id: _left, ...story } = storyIn(userId, storyId)!;
          state.stories.set(owned(userId, storyId), {
            ...story,
            ...change.details,
            ...(change.seriesId ? { series_id: change.seriesId } : {}),
            updated_at: now.toISOString(),
          });
        },
      }),
    setSeriesItem: (userId, storyId, seriesId, expectedSeriesId, now) =>
      asWrite({
        holds: () => {
          const story = storyIn(userId, storyId);
          return story !== undefined && story.series_id === expectedSeriesId;
        },
        apply: () => {
          const { series_id: _left, ...story } = storyIn(userId, storyId)!;
          state.stories.set(owned(userId, storyId), {
            ...story,
            ...(seriesId ? { series_id: seriesId } : {}),
            updated_at: now.toISOString(),
          });
        },
      }),
    deleteItem: (userId, storyId, expectedSeriesId) =>
      asWrite({
        holds: () => {
          const story = storyIn(userId, storyId);
          return story !== undefined && story.series_id === expectedSeriesId;
        },
        apply: () => state.stories.delete(owned(userId, storyId)),
      }),
    setCalendarItem: (userId, storyId, calendar, now) =>
      asWrite({
        holds: () => storyIn(userId, storyId) !== undefined,
        apply: () => {
          const { calendar: _previous, ...story } = storyIn(userId, storyId)!;
          state.stories.set(owned(userId, storyId), {
            ...story,
            ...(calendar ? { calendar: copy(calendar) } : {}),
            updated_at: now.toISOString(),
          });
        },
      }),
    setImportItem: (userId, storyId, status) =>
      asWrite({
        holds: () => storyIn(userId, storyId) !== undefined,
        apply: () => {
          const { import: _previous, ...story } = storyIn(userId, storyId)!;
          state.stories.set(owned(userId, storyId), {
            ...story,
            ...(status ? { import: copy(status) } : {}),
          });
        },
      }),
    existsCondition: (userId, storyId) =>
      asWrite({ holds: () => storyIn(userId, storyId) !== undefined, apply: () => undefined }),
    async deleteContent(storyId, options = {}) {
      for (const key of state.chapters.keys()) if (key.startsWith(`${storyId}/`)) state.chapters.delete(key);
      if (!options.keepChapterIndex) state.chapterIndexes.delete(storyId);
      state.associations.delete(storyId);
      state.associationCounts.delete(storyId);
      state.settings.delete(storyId);
      state.books.delete(storyId);
      state.outlines.delete(storyId);
      state.relationships.delete(storyId);
      for (const key of state.exportJobs.keys()) {
        if (key.startsWith(`${storyId}/`)) state.exportJobs.delete(key);
      }
    },
  };

  const seriesIn = (userId: string, seriesId: string) => state.series.get(owned(userId, seriesId));

  const series: SeriesRepository = {
    async requireOwned(userId, seriesId) {
      const found = seriesIn(userId, seriesId);
      if (!found) throw new NotFoundError('No such series.');
      return copy(found);
    },
    async get(userId, seriesId) {
      const found = seriesIn(userId, seriesId);
      return found && copy(found);
    },
    async listOwned(userId) {
      return [...state.series]
        .filter(([key]) => key.startsWith(`${userId}/`))
        .map(([, found]) => copy(found));
    },
    saveItem: (userId, record, now) =>
      asWrite({
        holds: () => (seriesIn(userId, record.series_id)?.version ?? 0) === record.version,
        apply: () =>
          state.series.set(owned(userId, record.series_id), {
            ...copy(record),
            version: record.version + 1,
            updated_at: now.toISOString(),
          }),
      }),
    deleteItem: (userId, record) =>
      asWrite({
        holds: () => seriesIn(userId, record.series_id)?.version === record.version,
        apply: () => state.series.delete(owned(userId, record.series_id)),
      }),
  };

  const indexVersion = (storyId: string) => state.chapterIndexes.get(storyId)?.version ?? 0;
  const saveIndex = (storyId: string, index: ChapterIndex, chapterIds: string[]): MemoryWrite => ({
    holds: () => indexVersion(storyId) === index.version,
    apply: () =>
      state.chapterIndexes.set(storyId, { chapter_ids: [...chapterIds], version: index.version + 1 }),
  });

  // Stamps as the DynamoDB adapter makes them: new for every chapter item written and every content change.
  let stampsIssued = 0;
  const newStamp = () => {
    stampsIssued += 1;
    return `stamp-${stampsIssued}`;
  };
  const stampChapter = (storyId: string, chapterId: string, changes: Partial<ChapterRecord> = {}) => {
    const chapter = state.chapters.get(inStory(storyId, chapterId))!;
    state.chapters.set(inStory(storyId, chapterId), { ...chapter, ...changes, content_stamp: newStamp() });
  };

  const chapters: ChapterRepository = {
    async listWithIndex(storyId) {
      return {
        chapters: [...state.chapters]
          .filter(([key]) => key.startsWith(`${storyId}/`))
          .map(([, chapter]) => copy(chapter)),
        index: copy(state.chapterIndexes.get(storyId) ?? { chapter_ids: [], version: 0 }),
      };
    },
    async listOfStories(userId, storyIds) {
      const ownedIds = storyIds.filter((storyId) => state.stories.has(owned(userId, storyId)));
      return new Map(
        await Promise.all(
          ownedIds.map(async (storyId) => [storyId, await chapters.listWithIndex(storyId)] as const),
        ),
      );
    },
    async get(storyId, chapterId) {
      const chapter = state.chapters.get(inStory(storyId, chapterId));
      return chapter && copy(chapter);
    },
    getRead: (storyId, chapterId) => asRead(() => chapters.get(storyId, chapterId)),
    createItem: (_userId, chapter) =>
      asWrite({
        holds: () => !state.chapters.has(inStory(chapter.story_id, chapter.chapter_id)),
        apply: () =>
          state.chapters.set(inStory(chapter.story_id, chapter.chapter_id), {
            ...copy(chapter),
            content_stamp: newStamp(),
          }),
      }),
    createIndexItem: (_userId, storyId, chapterIds) =>
      asWrite(saveIndex(storyId, { chapter_ids: [], version: 0 }, chapterIds)),
    saveIndexItem: (storyId, index, chapterIds) => asWrite(saveIndex(storyId, index, chapterIds)),
    indexCondition: (storyId, index) =>
      asWrite({ holds: () => indexVersion(storyId) === index.version, apply: () => undefined }),
    markReadyItem: (storyId, chapterId, now, words) =>
      asWrite({
        holds: () => state.chapters.get(inStory(storyId, chapterId))?.status === 'creating',
        apply: () =>
          stampChapter(storyId, chapterId, {
            status: 'ready',
            updated_at: now.toISOString(),
            edited_at: now.toISOString(),
            word_count: words,
          }),
      }),
    changeStatusItem: (storyId, chapterId, from, to, now) =>
      asWrite({
        holds: () => state.chapters.get(inStory(storyId, chapterId))?.status === from,
        apply: () => {
          const chapter = state.chapters.get(inStory(storyId, chapterId))!;
          state.chapters.set(inStory(storyId, chapterId), {
            ...chapter,
            status: to,
            updated_at: now.toISOString(),
          });
        },
      }),
    async update(storyId, chapterId, { title, synopsis, stage }, now) {
      const chapter = state.chapters.get(inStory(storyId, chapterId));
      if (!chapter) return false;
      const updated = { ...chapter, title, updated_at: now.toISOString() };
      if (synopsis !== undefined) updated.synopsis = synopsis ?? undefined;
      if (stage !== undefined) updated.stage = stage ?? undefined;
      state.chapters.set(inStory(storyId, chapterId), updated);
      return true;
    },
    async setTime(storyId, chapterId, time, now) {
      const chapter = state.chapters.get(inStory(storyId, chapterId));
      if (!chapter) return false;
      const { story_time: _previous, ...rest } = chapter;
      state.chapters.set(inStory(storyId, chapterId), {
        ...rest,
        ...(time ? { story_time: copy(time) } : {}),
        updated_at: now.toISOString(),
      });
      return true;
    },
    removeItems: (storyId, index, chapterId) => [
      asWrite({
        holds: () => state.chapters.has(inStory(storyId, chapterId)),
        apply: () => state.chapters.delete(inStory(storyId, chapterId)),
      }),
      asWrite(
        saveIndex(
          storyId,
          index,
          index.chapter_ids.filter((id) => id !== chapterId),
        ),
      ),
    ],
    contentChangeItem: (storyId, chapterId, { words, at }) =>
      asWrite({
        holds: () => state.chapters.get(inStory(storyId, chapterId))?.status === 'ready',
        apply: () => {
          // As in the table: a chapter not counted whole yet stays uncounted.
          const counted = state.chapters.get(inStory(storyId, chapterId))!.word_count;
          stampChapter(storyId, chapterId, {
            edited_at: at.toISOString(),
            ...(counted === undefined ? {} : { word_count: counted + words }),
          });
        },
      }),
    async recordWordCount(storyId, chapterId, { words, content_stamp }) {
      const chapter = state.chapters.get(inStory(storyId, chapterId));
      if ((chapter?.content_stamp ?? '') !== content_stamp || !chapter) return false;
      state.chapters.set(inStory(storyId, chapterId), { ...chapter, word_count: words });
      return true;
    },
    creatingCondition: (storyId, chapterId) =>
      asWrite({
        holds: () => state.chapters.get(inStory(storyId, chapterId))?.status === 'creating',
        apply: () => undefined,
      }),
  };

  const blocksOf = (chapterId: string) => {
    let found = state.blocks.get(chapterId);
    if (!found) {
      found = new Map();
      state.blocks.set(chapterId, found);
    }
    return found;
  };

  const blocks: BlockRepository = {
    async getOrder(chapterId) {
      return copy(state.blockOrders.get(chapterId) ?? { key_ids: [], version: 0 });
    },
    getOrderRead: (chapterId) => asRead(() => blocks.getOrder(chapterId)),
    async readContent(chapterId) {
      return {
        order: copy(state.blockOrders.get(chapterId) ?? { key_ids: [], version: 0 }),
        blocks: copy(state.blocks.get(chapterId) ?? new Map<string, StoredBlock>()),
      };
    },
    async getBlocks(chapterId, keyIds) {
      const stored = state.blocks.get(chapterId) ?? new Map<string, StoredBlock>();
      return new Map(
        keyIds.flatMap((keyId) => (stored.has(keyId) ? [[keyId, copy(stored.get(keyId)!)]] : [])),
      );
    },
    getBlocksRead: (chapterId, keyIds) => asRead(() => blocks.getBlocks(chapterId, keyIds)),
    async readBlocksUpTo(chapterId, _keyIds, maxBytes) {
      const blocks = new Map<string, StoredBlock>();
      let bytes = 0;
      for (const block of state.blocks.get(chapterId)?.values() ?? []) {
        if (bytes > maxBytes) return { blocks, complete: false };
        blocks.set(block.key_id, copy(block));
        bytes += block.chunk.length;
      }
      return { blocks, complete: bytes <= maxBytes };
    },
    async listKeyIds(chapterId) {
      return [...(state.blocks.get(chapterId)?.keys() ?? [])];
    },
    putBlockItem: (chapterId, block, _now, expectedRevision, { stillStored = false, exact = false } = {}) =>
      asWrite({
        holds: () => {
          const stored = blocksOf(chapterId).get(block.key_id);
          if (stillStored && !stored) return false;
          const revision = stored?.revision ?? 0;
          if (expectedRevision === undefined || revision === expectedRevision) return true;
          return !exact && revision === expectedRevision + 1 && stored?.chunk === block.chunk;
        },
        apply: () => {
          const revision =
            expectedRevision === undefined
              ? (blocksOf(chapterId).get(block.key_id)?.revision ?? 0) + 1
              : expectedRevision + 1;
          blocksOf(chapterId).set(block.key_id, { key_id: block.key_id, chunk: block.chunk, revision });
        },
      }),
    deleteBlockItem: (chapterId, keyId, expectedRevision, { exact = false } = {}) =>
      asWrite({
        holds: () => {
          const stored = blocksOf(chapterId).get(keyId);
          if (expectedRevision === undefined) return true;
          return stored ? stored.revision === expectedRevision : !exact;
        },
        apply: () => blocksOf(chapterId).delete(keyId),
      }),
    replaceBlockItem: (chapterId, block, chunkRead) =>
      asWrite({
        holds: () => state.blocks.get(chapterId)?.get(block.key_id)?.chunk === chunkRead,
        apply: () => {
          const revision = (blocksOf(chapterId).get(block.key_id)?.revision ?? 0) + 1;
          blocksOf(chapterId).set(block.key_id, { key_id: block.key_id, chunk: block.chunk, revision });
        },
      }),
    saveOrderItem: (chapterId, order, keyIds) =>
      asWrite({
        holds: () => (state.blockOrders.get(chapterId)?.version ?? 0) === order.version,
        apply: () => state.blockOrders.set(chapterId, { key_ids: [...keyIds], version: order.version + 1 }),
      }),
    async deleteContent(chapterId) {
      state.blocks.delete(chapterId);
      state.blockOrders.delete(chapterId);
      state.textCache.delete(chapterId);
    },
  };

  const textCache: TextCacheRepository = {
    async getCurrent(chapters) {
      return new Map(
        chapters.flatMap(({ chapter_id, content_stamp }) => {
          const cached = state.textCache.get(chapter_id);
          return cached?.content_stamp === content_stamp ? [[chapter_id, copy(cached.paragraphs)]] : [];
        }),
      );
    },
    async put(chapterId, text) {
      state.textCache.set(chapterId, copy(text));
    },
  };

  const homeOf = (home: AssociationHome) => {
    const [homes, id] =
      'storyId' in home ? [state.associations, home.storyId] : [state.sharedAssociations, home.seriesId];
    let found = homes.get(id);
    if (!found) {
      found = new Map();
      homes.set(id, found);
    }
    return found;
  };
  const associationsOf = (storyId: string) => homeOf({ storyId });
  const countChange = (storyId: string, change: number) =>
    state.associationCounts.set(storyId, (state.associationCounts.get(storyId) ?? 0) + change);
  const listIn = (home: AssociationHome) =>
    [...homeOf(home).values()]
      .sort(
        (a, b) =>
          a.record.created_at.localeCompare(b.record.created_at) ||
          a.creationOrder - b.creationOrder ||
          a.record.association_id.localeCompare(b.record.association_id),
      )
      .map((stored) => copy(stored.record));

  const associations: AssociationRepository = {
    async list(storyId) {
      return listIn({ storyId });
    },
    async listShared(seriesId) {
      return listIn({ seriesId });
    },
    async get(home, associationId) {
      const stored = homeOf(home).get(associationId);
      return stored && copy(stored.record);
    },
    async ownCounts(storyIds) {
      return new Map(storyIds.map((storyId) => [storyId, state.associationCounts.get(storyId) ?? 0]));
    },
    async create(owner, records: NewAssociationRecord[], limit) {
      const count = state.associationCounts.get(owner.storyId) ?? 0;
      if (limit !== undefined && count + records.length > limit) return 'limit_reached';
      if (!storyIn(owner.userId, owner.storyId)) return 'story_missing';
      const stored = associationsOf(owner.storyId);
      records.forEach((record, creationOrder) =>
        stored.set(record.association_id, { record: copy(record), creationOrder }),
      );
      state.associationCounts.set(owner.storyId, count + records.length);
      return 'created';
    },
    async update(home, associationId, fields, now) {
      const stored = homeOf(home).get(associationId);
      if (!stored) return undefined;
      stored.record = { ...stored.record, ...fields, updated_at: now.toISOString() };
      return copy(stored.record);
    },
    async setPortrait(home, associationId, portrait) {
      const stored = homeOf(home).get(associationId);
      if (!stored) return 'missing';
      const previous = stored.record.portrait;
      stored.record = {
        ...stored.record,
        portrait: copy(portrait),
        updated_at: new Date(portrait.uploadedAt).toISOString(),
      };
      return { previous };
    },
    async delete(home, associationId) {
      if (!homeOf(home).delete(associationId)) return;
      if ('storyId' in home) countChange(home.storyId, -1);
    },
    shareItems: (storyId, seriesId, record) => [
      asWrite({
        holds: () => associationsOf(storyId).has(record.association_id),
        apply: () => {
          associationsOf(storyId).delete(record.association_id);
          countChange(storyId, -1);
          homeOf({ seriesId }).set(record.association_id, { record: copy(record), creationOrder: 0 });
        },
      }),
    ],
    unshareItems: (seriesId, storyId, record) => [
      asWrite({
        holds: () => homeOf({ seriesId }).has(record.association_id),
        apply: () => {
          homeOf({ seriesId }).delete(record.association_id);
          associationsOf(storyId).set(record.association_id, { record: copy(record), creationOrder: 0 });
          countChange(storyId, 1);
        },
      }),
    ],
    copyIntoStoryItems: (storyId, records) =>
      records.length === 0
        ? []
        : [
            asWrite({
              holds: always,
              apply: () => {
                for (const record of records) {
                  associationsOf(storyId).set(record.association_id, {
                    record: copy(record),
                    creationOrder: 0,
                  });
                }
                countChange(storyId, records.length);
              },
            }),
          ],
    deleteSharedItems: (seriesId, records) =>
      records.map((record) =>
        asWrite({ holds: always, apply: () => homeOf({ seriesId }).delete(record.association_id) }),
      ),
    ownCountAtMostCondition: (storyId, most) =>
      asWrite({ holds: () => (state.associationCounts.get(storyId) ?? 0) <= most, apply: () => undefined }),
  };

  const settings: SettingsRepository = {
    async get(storyId) {
      const found = state.settings.get(storyId);
      return found && copy(found);
    },
    putItem: (storyId, document) =>
      asWrite({ holds: always, apply: () => state.settings.set(storyId, copy(document)) }),
  };

  const books: BookRepository = {
    async get(storyId) {
      const found = state.books.get(storyId);
      return found && copy(found);
    },
    putItem: (storyId, document) =>
      asWrite({ holds: always, apply: () => state.books.set(storyId, copy(document)) }),
  };

  const outlineVersion = (storyId: string) => state.outlines.get(storyId)?.version ?? 0;
  const outlines: OutlineRepository = {
    async get(storyId) {
      return copy(state.outlines.get(storyId) ?? { sections: [], version: 0 });
    },
    saveItem: (storyId, read, sections) =>
      asWrite({
        holds: () => outlineVersion(storyId) === read.version,
        apply: () => state.outlines.set(storyId, { sections: copy(sections), version: read.version + 1 }),
      }),
  };

  const relationshipsVersion = (storyId: string) => state.relationships.get(storyId)?.version ?? 0;
  const relationships: RelationshipRepository = {
    async get(storyId) {
      return copy(state.relationships.get(storyId) ?? { relationships: [], version: 0 });
    },
    saveItem: (storyId, read, list) =>
      asWrite({
        holds: () => relationshipsVersion(storyId) === read.version,
        apply: () =>
          state.relationships.set(storyId, { relationships: copy(list), version: read.version + 1 }),
      }),
  };

  let nextUser = 1;
  const isLive = (userId: string) => state.users.has(userId) && !state.deletedUsers.has(userId);
  const ownedBy = (userId: string, key: string) => key.startsWith(`${userId}/`);

  const users: UserRepository = {
    async get(userId) {
      const user = state.users.get(userId);
      return user && isLive(userId) ? copy(user) : undefined;
    },
    getRead: (userId) => asRead(() => users.get(userId)),
    async findOrCreateByIdentity(identity) {
      const identityId = `${identity.issuer}#${identity.subject}`;
      const existing = state.identities.get(identityId);
      if (existing && isLive(existing)) return existing;
      const userId = `user-${nextUser++}`;
      state.identities.set(identityId, userId);
      state.users.set(userId, {
        customer_id: '',
        subscription_id: '',
        renewing: false,
        expired: false,
        expires_at: '',
        ...(identity.name ? { name: identity.name } : {}),
        ...(identity.email ? { email: identity.email } : {}),
      });
      return userId;
    },
    async updatePreferences(userId, preferences) {
      const user = state.users.get(userId);
      if (!user) return false;
      const updated: Record<string, unknown> = { ...user };
      for (const [field, value] of Object.entries(preferences)) {
        if (value === null) delete updated[field];
        else if (value !== undefined) updated[field] = value;
      }
      state.users.set(userId, updated as typeof user);
      return true;
    },
    async markDeleted(userId) {
      if (state.users.has(userId)) state.deletedUsers.add(userId);
    },
    async deleteIdentityLinks(userId) {
      for (const [identityId, owner] of state.identities) {
        if (owner === userId) state.identities.delete(identityId);
      }
    },
    async deletePartition(userId) {
      for (const map of [state.stories, state.series, state.trash, state.dailyWords]) {
        for (const key of map.keys()) if (ownedBy(userId, key)) map.delete(key);
      }
      state.users.delete(userId);
      state.deletedUsers.delete(userId);
    },
  };

  const sessions: SessionRepository = {
    async create(sessionId, session) {
      state.sessions.set(sessionId, { ...copy(session), listedUnderUser: true });
    },
    async find(sessionId, now) {
      const session = state.sessions.get(sessionId);
      return session && session.expiresAt > now ? copy(session) : undefined;
    },
    async revoke(sessionId) {
      state.sessions.delete(sessionId);
    },
    async revokeAllOf(userId) {
      for (const [sessionId, session] of state.sessions) {
        if (session.userId === userId) state.sessions.delete(sessionId);
      }
    },
  };

  const signInFlows: SignInFlowRepository = {
    async save(stateId, flow, now, ttlSeconds) {
      state.signInFlows.set(stateId, { flow: copy(flow), expiresAt: now.getTime() + ttlSeconds * 1000 });
    },
    async consume(stateId, now) {
      const stored = state.signInFlows.get(stateId);
      state.signInFlows.delete(stateId);
      return stored && stored.expiresAt > now.getTime() ? stored.flow : undefined;
    },
  };

  const billingOf = (user: User): UserBilling => ({
    customer_id: user.customer_id,
    subscription_id: user.subscription_id,
    renewing: user.renewing,
    expired: user.expired,
    expires_at: user.expires_at,
  });
  const billingState: UserBillingState = {
    async get(userId) {
      const user = state.users.get(userId);
      return user && billingOf(user);
    },
    async findUserIdByCustomerId(customerId) {
      return state.customers.get(customerId);
    },
    async forgetCustomer(customerId, userId) {
      if (state.customers.get(customerId) === userId) state.customers.delete(customerId);
    },
    async replace(userId, expected, next) {
      const user = state.users.get(userId);
      if (!user || JSON.stringify(billingOf(user)) !== JSON.stringify(billingOf({ ...user, ...expected }))) {
        return false;
      }
      const owner = state.customers.get(next.customer_id);
      if (next.customer_id !== '' && owner !== undefined && owner !== userId) return false;
      if (next.customer_id !== '') state.customers.set(next.customer_id, userId);
      state.users.set(userId, { ...user, ...billingOf({ ...user, ...next }) });
      return true;
    },
  };

  const exportJobs: ExportJobRepository = {
    async create(job, expiresAt) {
      state.exportJobs.set(inStory(job.story_id, job.job_id), { job: copy(job), expiresAt });
    },
    async get(storyId, jobId) {
      const stored = state.exportJobs.get(inStory(storyId, jobId));
      return stored && copy(stored.job);
    },
    async finish(storyId, jobId, outcome, now) {
      const stored = state.exportJobs.get(inStory(storyId, jobId));
      if (stored?.job.status !== 'running') return false;
      stored.job = { ...stored.job, ...outcome, updated_at: now.toISOString() };
      return true;
    },
  };

  const versionsOf = (chapterId: string) => {
    let found = state.versions.get(chapterId);
    if (!found) {
      found = new Map();
      state.versions.set(chapterId, found);
    }
    return found;
  };
  const newestFirst = (chapterId: string) =>
    [...versionsOf(chapterId).values()]
      .sort((a, b) => b.version_id.localeCompare(a.version_id))
      .map((version) => copy(version));

  const versions: VersionRepository = {
    async list(chapterId) {
      return newestFirst(chapterId);
    },
    async latest(chapterId) {
      return newestFirst(chapterId)[0];
    },
    async get(chapterId, versionId) {
      const found = versionsOf(chapterId).get(versionId);
      return found && copy(found);
    },
    async put(version) {
      versionsOf(version.chapter_id).set(version.version_id, copy(version));
    },
    async delete(chapterId, versionIds) {
      for (const versionId of versionIds) versionsOf(chapterId).delete(versionId);
    },
    async deleteAll(chapterId) {
      state.versions.delete(chapterId);
    },
  };

  const trashedStoryId = (userId: string, storyId: string) => `${userId}/story/${storyId}`;
  const trashedChapterId = (userId: string, storyId: string, chapterId: string) =>
    `${userId}/chapter/${storyId}/${chapterId}`;
  const isTrashedStory = (entry: TrashedStory | TrashedChapter): entry is TrashedStory => 'story' in entry;
  const byDeletion = (a: { deleted_at: string }, b: { deleted_at: string }) =>
    a.deleted_at.localeCompare(b.deleted_at);
  const trashEntries = () => [...state.trash.values()].map(copy);
  const putTrash = (id: string, entry: TrashedStory | TrashedChapter) => [
    asWrite({ holds: () => !state.trash.has(id), apply: () => state.trash.set(id, copy(entry)) }),
  ];
  const removeTrash = (id: string) => [
    asWrite({ holds: () => state.trash.has(id), apply: () => state.trash.delete(id) }),
  ];
  const trash: TrashRepository = {
    async list(userId) {
      const entries = trashEntries().filter((entry) => entry.user_id === userId);
      return {
        stories: entries.filter(isTrashedStory).sort(byDeletion),
        chapters: entries.filter((entry): entry is TrashedChapter => !isTrashedStory(entry)).sort(byDeletion),
      };
    },
    async getStory(userId, storyId) {
      const entry = state.trash.get(trashedStoryId(userId, storyId));
      return entry && isTrashedStory(entry) ? copy(entry) : undefined;
    },
    async getChapter(userId, storyId, chapterId) {
      const entry = state.trash.get(trashedChapterId(userId, storyId, chapterId));
      return entry && !isTrashedStory(entry) ? copy(entry) : undefined;
    },
    async listChapters(userId, storyId) {
      return (await this.list(userId)).chapters.filter((entry) => entry.chapter.story_id === storyId);
    },
    putStoryItems: (trashed) => putTrash(trashedStoryId(trashed.user_id, trashed.story.story_id), trashed),
    putChapterItems: (trashed) =>
      putTrash(
        trashedChapterId(trashed.user_id, trashed.chapter.story_id, trashed.chapter.chapter_id),
        trashed,
      ),
    removeStoryItems: (trashed) => removeTrash(trashedStoryId(trashed.user_id, trashed.story.story_id)),
    removeChapterItems: (trashed) =>
      removeTrash(trashedChapterId(trashed.user_id, trashed.chapter.story_id, trashed.chapter.chapter_id)),
    async listDeletedOn(day) {
      return trashEntries()
        .filter((entry) => entry.deleted_at.slice(0, 10) === day)
        .map((entry): DuePurge =>
          isTrashedStory(entry)
            ? {
                kind: 'story',
                user_id: entry.user_id,
                story_id: entry.story.story_id,
                deleted_at: entry.deleted_at,
              }
            : {
                kind: 'chapter',
                user_id: entry.user_id,
                story_id: entry.chapter.story_id,
                chapter_id: entry.chapter.chapter_id,
                deleted_at: entry.deleted_at,
              },
        );
    },
    async purgedThrough() {
      return state.purgedThrough;
    },
    async setPurgedThrough(day) {
      state.purgedThrough = day;
    },
  };

  const dailyWords: DailyWordsRepository = {
    addWordsItem: (userId, date, change) =>
      asWrite({
        holds: always,
        apply: () =>
          state.dailyWords.set(
            owned(userId, date),
            (state.dailyWords.get(owned(userId, date)) ?? 0) + change,
          ),
      }),
    async listDays(userId, from, to) {
      return Object.fromEntries(
        [...state.dailyWords]
          .filter(([key]) => key.startsWith(`${userId}/`))
          .map(([key, words]) => [key.slice(userId.length + 1), words] as const)
          .filter(([date]) => date >= from && date <= to),
      );
    },
  };

  const processedEvents: ProcessedEvents = {
    async has(eventId) {
      return state.processedEvents.has(eventId);
    },
    async record(eventId) {
      state.processedEvents.add(eventId);
    },
  };

  return {
    state,
    stories,
    series,
    chapters,
    blocks,
    textCache,
    associations,
    settings,
    books,
    outlines,
    relationships,
    users,
    sessions,
    signInFlows,
    exportJobs,
    versions,
    trash,
    dailyWords,
    billingState,
    processedEvents,
    // Nobody joins a story in memory: every story is its author's alone.
    shares: notInMemory<Repositories['shares']>('shares', {
      getMemberRead: () => asRead(async () => undefined),
      listJoined: async () => [],
      deleteMembers: async () => undefined,
    }),
    comments: notInMemory<Repositories['comments']>('comments', {
      getUnreadRead: () => asRead(async () => 0),
    }),
    // Facts (issue 25 §2) are tested on DynamoDB Local too; an association read here has none.
    facts: notInMemory<Repositories['facts']>('facts', {
      list: async () => [],
      listStory: async () => [],
      deleteAll: async () => undefined,
    }),
    async commit(writes) {
      if (writes.length > MAX_WRITES_PER_TRANSACTION) {
        throw new ValidationError('This change touches too many items to be made at once.');
      }
      const memoryWrites = writes.map(asMemoryWrite);
      const failedWrites = memoryWrites.flatMap((write, index) => (write.holds() ? [] : [index]));
      if (failedWrites.length > 0) {
        throw new ConcurrentChangeError('A condition of the transaction no longer holds.', failedWrites);
      }
      for (const write of memoryWrites) write.apply();
    },
    async read(reads) {
      const results: Record<string, unknown> = {};
      for (const [name, read] of Object.entries(reads)) results[name] = read && (await asMemoryRead(read)());
      return results as ReadResults<typeof reads>;
    },
  };
}
