import { applySectionChanges, sectionsFromTemplate } from '../../../shared/outline';
import type { OutlineTemplateType } from '../../../shared/outline-templates';
import type { OutlineSection, OutlineSectionInput } from '../../../shared/schemas/outline';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../errors';
import type { DomainPorts } from '../ports';
import { requirePremium } from '../billing/premium';
import { retryOnConcurrentChange } from '../concurrency';

/** The ports these operations use. */
export type OutlinePorts = Pick<DomainPorts, 'repositories' | 'now'>;

/**
 * The outline is one item, and DynamoDB's items stop at 400 KB. Each section's text is bounded in characters,
 * but twelve sections of long text in a script of multi-byte characters could still pass that, so the whole
 * outline is measured too.
 */
export const OUTLINE_MAX_BYTES = 350_000;

/** The 401 a free (or lapsed) account gets from either outline call. */
export const OUTLINE_PREMIUM_MESSAGE = 'Outlines are only available to subscribers.';

async function requireOutlineAccess(ports: OutlinePorts, userId: string): Promise<void> {
  requirePremium(await ports.repositories.users.get(userId), ports.now(), OUTLINE_PREMIUM_MESSAGE);
}

/**
 * POST /api/outline: a new outline from a template, replacing the story's outline if it has one (spec §4; the
 * page asks the author first). Written only while the story exists.
 */
export async function createOutline(
  ports: OutlinePorts,
  userId: string,
  storyId: string,
  type: OutlineTemplateType,
): Promise<OutlineSection[]> {
  await requireOutlineAccess(ports, userId);
  const { repositories } = ports;
  const sections = sectionsFromTemplate(type);
  await retryOnConcurrentChange(async () => {
    await repositories.stories.requireOwned(userId, storyId);
    const stored = await repositories.outlines.get(storyId);
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      repositories.outlines.saveItem(storyId, stored, sections, ports.now()),
    ]);
  });
  return sections;
}

/**
 * PUT /api/outline: changes to sections named by their place (all of them, or one). Every place must be one
 * of the outline's and every chapter id one of the story's chapters (400 otherwise); a chapter ends up in at
 * most one section whatever the body says (`applySectionChanges`). When chapters are named, the write also
 * holds only while the story's chapters are as read, so a chapter deleted meanwhile cannot come back here.
 */
export async function updateOutline(
  ports: OutlinePorts,
  userId: string,
  storyId: string,
  changes: OutlineSectionInput[],
): Promise<OutlineSection[]> {
  await requireOutlineAccess(ports, userId);
  const { repositories } = ports;
  return retryOnConcurrentChange(async () => {
    await repositories.stories.requireOwned(userId, storyId);
    const [stored, { index }] = await Promise.all([
      repositories.outlines.get(storyId),
      repositories.chapters.listWithIndex(storyId),
    ]);
    if (stored.sections.length === 0) throw new NotFoundError('This story has no outline yet.');

    const places = new Set(stored.sections.map((section) => section.place));
    const unknownPlaces = changes.filter((change) => !places.has(change.place)).map((change) => change.place);
    if (unknownPlaces.length > 0) {
      throw new ValidationError('The outline has no section at this place.', { places: unknownPlaces });
    }
    const chapterIds = new Set(index.chapter_ids);
    const namedChapterIds = changes.flatMap((change) => change.chapters ?? []);
    const foreignChapterIds = namedChapterIds.filter((chapterId) => !chapterIds.has(chapterId));
    if (foreignChapterIds.length > 0) {
      throw new ValidationError('A chapter named in the outline is not a chapter of this story.', {
        chapters: [...new Set(foreignChapterIds)],
      });
    }

    const sections = applySectionChanges(stored.sections, changes, chapterIds);
    if (new TextEncoder().encode(JSON.stringify(sections)).length > OUTLINE_MAX_BYTES) {
      throw new PayloadTooLargeError('This outline is too long to save. Please shorten its notes.');
    }
    await repositories.commit([
      repositories.stories.existsCondition(userId, storyId),
      ...(namedChapterIds.length > 0 ? [repositories.chapters.indexCondition(storyId, index)] : []),
      repositories.outlines.saveItem(storyId, stored, sections, ports.now()),
    ]);
    return sections;
  });
}
