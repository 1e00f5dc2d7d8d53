import type { ChapterText } from '../../../shared/paragraph-text';
import { ParagraphChunkSchema } from '../../../shared/schemas/paragraph';
import type { StoryReplacement } from '../../../shared/text-replacement';
import { countChunkWords } from '../../../shared/word-count';
import { ValidationError } from '../../errors';
import type { DomainPorts } from '../ports';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../concurrency';
import { MAX_WRITES_PER_TRANSACTION } from '../unit-of-work';
import { readChapterText, refreshCachedTexts, type StoredChapterText } from './story-text';

/**
 * The one write path of server-side rewrites of a story's stored paragraphs (rename everywhere, replace across
 * the story): plan every changed paragraph first, then write chapter by chapter, each paragraph conditional on
 * the chunk read and bumped to its next revision, so an open page learns of the change and a save that came
 * in between is never overwritten.
 */

/** What a rewrite does to chapters' text: `renameInStory` or `replaceInStory` with their arguments bound. */
export type StoryRewrite = (chapters: readonly ChapterText[]) => StoryReplacement;

export type RewritePorts = Pick<DomainPorts, 'repositories' | 'now'>;

/** A transaction holds the chapter's readiness check and the rewritten paragraphs. */
const PARAGRAPHS_PER_TRANSACTION = MAX_WRITES_PER_TRANSACTION - 1;
/** DynamoDB refuses transactions over 4 MB; this leaves room for keys, conditions and attribute names. */
const BYTES_PER_TRANSACTION = 3 * 1024 * 1024;

/** The key_ids of changed paragraphs in groups that each fit one transaction. */
function transactionGroups(paragraphs: { key_id: string; chunk: string }[]): Set<string>[] {
  const groups: Set<string>[] = [];
  let current = new Set<string>();
  let bytes = 0;
  for (const { key_id, chunk } of paragraphs) {
    // The old chunk travels too, as the write's condition.
    const size = 2 * Buffer.byteLength(chunk);
    if (
      current.size === PARAGRAPHS_PER_TRANSACTION ||
      (current.size > 0 && bytes + size > BYTES_PER_TRANSACTION)
    ) {
      groups.push(current);
      current = new Set();
      bytes = 0;
    }
    current.add(key_id);
    bytes += size;
  }
  if (current.size > 0) groups.push(current);
  return groups;
}

export interface RewrittenParagraph {
  key_id: string;
  chunk: string;
  chunkRead: string;
}

export interface RewritePlan {
  /** The changed paragraphs of each chapter the rewrite changes, by chapter id, in the story's order. */
  byChapter: Map<string, RewrittenParagraph[]>;
  replaced: number;
}

/**
 * The chapters' changed paragraphs, each new chunk checked as a save checks it (a longer replacement grows
 * it). Throws before anything is written when one would not fit, so such a rewrite changes nothing.
 */
export function planRewrite(chapters: readonly StoredChapterText[], rewrite: StoryRewrite): RewritePlan {
  const result = rewrite(chapters);
  const byChapter = new Map<string, RewrittenParagraph[]>();
  for (const changed of result.chapters) {
    const read = chapters.find((chapter) => chapter.chapter_id === changed.chapter_id)!;
    const chunksRead = new Map(read.paragraphs.map((stored) => [stored.key_id, stored.chunk]));
    byChapter.set(
      changed.chapter_id,
      changed.paragraphs.map((paragraph) => {
        const chunk = JSON.stringify(paragraph.paragraph);
        const checked = ParagraphChunkSchema.safeParse(chunk);
        if (!checked.success) throw new ValidationError(checked.error.issues[0]!.message);
        return { key_id: paragraph.key_id, chunk, chunkRead: chunksRead.get(paragraph.key_id)! };
      }),
    );
  }
  return { byChapter, replaced: result.replaced };
}

/**
 * Rewrites one chapter, a transaction per group of paragraphs. Each rewrite is conditional on the chunk read,
 * so a save that came in between is never overwritten: that group is read again and rewritten afresh. Groups
 * already written are not rewritten twice (a replacement containing what it replaces would grow again).
 */
async function rewriteChapter(
  ports: RewritePorts,
  storyId: string,
  chapter: StoredChapterText,
  planned: RewrittenParagraph[],
  rewrite: StoryRewrite,
): Promise<number> {
  const { repositories } = ports;
  const groups = transactionGroups(planned.map(({ key_id, chunkRead }) => ({ key_id, chunk: chunkRead })));
  let replaced = 0;
  let latest = chapter;
  for (const group of groups) {
    replaced += await retryOnConcurrentChange(async () => {
      const pending = {
        ...latest,
        paragraphs: latest.paragraphs.filter((stored) => group.has(stored.key_id)),
      };
      const replanned = planRewrite([pending], rewrite);
      const paragraphs = replanned.byChapter.get(chapter.chapter_id) ?? [];
      if (paragraphs.length === 0) return 0;
      try {
        await repositories.commit([
          repositories.chapters.contentChangeItem(storyId, chapter.chapter_id, {
            words: paragraphs.reduce(
              (change, paragraph) =>
                change + countChunkWords(paragraph.chunk) - countChunkWords(paragraph.chunkRead),
              0,
            ),
            at: ports.now(),
          }),
          ...paragraphs.map((paragraph) =>
            repositories.blocks.replaceBlockItem(
              chapter.chapter_id,
              { key_id: paragraph.key_id, chunk: paragraph.chunk },
              paragraph.chunkRead,
              ports.now(),
            ),
          ),
        ]);
      } catch (error) {
        if (!(error instanceof ConcurrentChangeError)) throw error;
        latest = await readChapterText(repositories, {
          id: chapter.chapter_id,
          title: chapter.title,
          place: chapter.place,
          status: 'ready',
        });
        throw error;
      }
      return replanned.replaced;
    });
  }
  return replaced;
}

/**
 * Writes a planned rewrite, chapter after chapter; answers what was replaced and in how many chapters. Should
 * it stop half-way (409 after lost races), the chapters written stay written. The changed chapters' texts are
 * cached anew before it answers: the author's next story-wide read would otherwise read them all again.
 */
export async function writeRewrite(
  ports: RewritePorts,
  storyId: string,
  chapters: readonly StoredChapterText[],
  plan: RewritePlan,
  rewrite: StoryRewrite,
): Promise<{ replaced: number; chapters: number }> {
  let replaced = 0;
  let chaptersChanged = 0;
  for (const chapter of chapters) {
    const paragraphs = plan.byChapter.get(chapter.chapter_id);
    if (!paragraphs) continue;
    const count = await rewriteChapter(ports, storyId, chapter, paragraphs, rewrite);
    replaced += count;
    if (count > 0) chaptersChanged += 1;
  }
  await refreshCachedTexts(ports.repositories, storyId, new Set(plan.byChapter.keys()));
  return { replaced, chapters: chaptersChanged };
}
