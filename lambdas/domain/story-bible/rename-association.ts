import type { RenameAssociationResponse } from '../../../shared/schemas/story-bible';
import { renameInStory } from '../../../shared/text-replacement';
import { aliasesProblem } from '../../../shared/validation';
import { NotFoundError, ValidationError } from '../../errors';
import { updateAssociation, type AssociationPorts, type StoryScope } from '../associations/associations';
import { locateAssociation, readStoryAssociations } from '../associations/story-associations';
import { saveVersionsBeforeBulkChange } from '../versions/automatic-versions';
import { readChaptersToRewrite, readSearchableStoryText } from './story-text';
import { planRewrite, writeRewrite, type StoryRewrite } from './story-text-rewrite';

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

  let rewritten = { replaced: 0, chapters: 0 };
  if (request.replace_in_text) {
    const [scoped, texts] = await Promise.all([
      readStoryAssociations(repositories.associations, story),
      readSearchableStoryText(repositories, scope.storyId),
    ]);
    const associations = scoped.map(({ record }) => record);
    const rewrite: StoryRewrite = (chapterTexts) =>
      renameInStory(chapterTexts, associations, associationId, request.association_name);
    // Only the chapters that mention it are read whole.
    const chapters = await readChaptersToRewrite(repositories, texts, rewrite);
    // Every new paragraph is checked before any is written: a rename too large for one paragraph changes nothing.
    const plan = planRewrite(chapters, rewrite);
    // The text as it was, for every chapter about to change, before the first is written.
    await saveVersionsBeforeBulkChange(ports, scope.storyId, [...plan.byChapter.keys()]);
    rewritten = await writeRewrite(ports, scope.storyId, chapters, plan, rewrite);
  }
  const association = await updateAssociation(ports, scope, {
    association_id: associationId,
    association_name: request.association_name,
  });
  return { association, ...rewritten };
}
