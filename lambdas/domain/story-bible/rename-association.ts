import type { MatchableAssociation } from '../../../shared/association-matcher';
import { ParagraphChunkSchema } from '../../../shared/schemas/paragraph';
import type { RenameAssociationResponse } from '../../../shared/schemas/story-bible';
import { renameInStory } from '../../../shared/text-replacement';
import { aliasesProblem } from '../../../shared/validation';
import { NotFoundError, ValidationError } from '../../errors';
import { updateAssociation, type AssociationPorts, type StoryScope } from '../associations/associations';
import { locateAssociation, readStoryAssociations } from '../associations/story-associations';
import { ConcurrentChangeError, retryOnConcurrentChange } from '../concurrency';
import { MAX_WRITES_PER_TRANSACTION } from '../repositories';
import { saveVersionsBeforeBulkChange } from '../versions/automatic-versions';
import { readChapterText, readStoryText, type StoredChapterText } from './story-text';

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

interface RenamedParagraph {
  key_id: string;
  chunk: string;
  chunkRead: string;
}

/**
 * The chapters' changed paragraphs renamed, each new chunk checked as a save checks it (a longer name grows
 * it), and how many mentions were replaced.
 */
function renamedParagraphs(
  chapters: readonly StoredChapterText[],
  associations: readonly MatchableAssociation[],
  associationId: string,
  newName: string,
): { byChapter: Map<string, RenamedParagraph[]>; replaced: number } {
  const renamed = renameInStory(chapters, associations, associationId, newName);
  const byChapter = new Map<string, RenamedParagraph[]>();
  for (const changed of renamed.chapters) {
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
  return { byChapter, replaced: renamed.replaced };
}

interface ChapterRename {
  storyId: string;
  associations: readonly MatchableAssociation[];
  associationId: string;
  newName: string;
}

/**
 * Renames the mentions in one chapter, a transaction per group of paragraphs. Each rewrite is conditional on
 * the chunk read, so a save that came in between is never overwritten: that group is read again and renamed
 * afresh. Groups already written are not renamed twice (a new name containing the old one would grow again).
 */
async function renameInChapter(
  ports: AssociationPorts,
  chapter: StoredChapterText,
  planned: RenamedParagraph[],
  rename: ChapterRename,
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
      const renamed = renamedParagraphs([pending], rename.associations, rename.associationId, rename.newName);
      const paragraphs = renamed.byChapter.get(chapter.chapter_id) ?? [];
      if (paragraphs.length === 0) return 0;
      try {
        await repositories.commit([
          repositories.chapters.readyCondition(rename.storyId, chapter.chapter_id),
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
      return renamed.replaced;
    });
  }
  return replaced;
}

/**
 * POST .../associations/{associationId}/rename (issue 13 §2): the association's new name, checked as an
 * update checks it, and with `replaceInText` every whole-word mention of its old name (not its aliases) in
 * the story's stored paragraphs, each run keeping its formatting, after an automatic version of every chapter
 * it will change. The text is renamed first: should that stop half-way (409), the association still has its
 * old name, and the same request again renames the rest.
 */
export async function renameAssociation(
  ports: AssociationPorts,
  scope: StoryScope,
  associationId: string,
  request: { association_name: string; replace_in_text: boolean },
): Promise<RenameAssociationResponse> {
  const { repositories } = ports;
  const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
  const stored = (await locateAssociation(repositories.associations, story, associationId))?.record;
  if (!stored) throw new NotFoundError('No such association.');
  const problem = aliasesProblem({ ...stored, association_name: request.association_name });
  if (problem) throw new ValidationError(problem);

  let replaced = 0;
  let chaptersChanged = 0;
  if (request.replace_in_text) {
    const [scoped, chapters] = await Promise.all([
      readStoryAssociations(repositories.associations, story),
      readStoryText(repositories, scope.storyId),
    ]);
    const associations = scoped.map(({ record }) => record);
    const rename = { storyId: scope.storyId, associations, associationId, newName: request.association_name };
    // Every new paragraph is checked before any is written: a rename too large for one paragraph changes nothing.
    const planned = renamedParagraphs(chapters, associations, associationId, request.association_name);
    // The text as it was, for every chapter about to change, before the first is written.
    await saveVersionsBeforeBulkChange(ports, scope.storyId, [...planned.byChapter.keys()]);
    for (const chapter of chapters) {
      const paragraphs = planned.byChapter.get(chapter.chapter_id);
      if (!paragraphs) continue;
      const count = await renameInChapter(ports, chapter, paragraphs, rename);
      replaced += count;
      if (count > 0) chaptersChanged += 1;
    }
  }
  const association = await updateAssociation(ports, scope, {
    association_id: associationId,
    association_name: request.association_name,
  });
  return { association, replaced, chapters: chaptersChanged };
}
