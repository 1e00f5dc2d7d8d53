import { tallyMentions } from '../../../shared/association-appearances';
import { explainNoSuggestions, suggestElements } from '../../../shared/element-suggestions';
import type { ElementSuggestions, MentionGrid } from '../../../shared/schemas/story-bible';
import { readStoryAssociations } from '../associations/story-associations';
import type { Repositories } from '../repositories';
import { readSearchableStoryText } from './story-text';

async function readOwnedStory(repositories: Repositories, scope: { userId: string; storyId: string }) {
  const story = await repositories.stories.requireOwned(scope.userId, scope.storyId);
  const [associations, chapters] = await Promise.all([
    readStoryAssociations(repositories.associations, story),
    readSearchableStoryText(repositories, scope.storyId),
  ]);
  return { associations: associations.map(({ record }) => record), chapters };
}

/**
 * GET .../associations/suggestions (issue 13 §3): capitalised names the story repeats that are not yet an
 * association's name or alias, at most 20, most frequent first; with none, why none.
 */
export async function getElementSuggestions(
  repositories: Repositories,
  scope: { userId: string; storyId: string },
): Promise<ElementSuggestions> {
  const { associations, chapters } = await readOwnedStory(repositories, scope);
  const suggestions = suggestElements(chapters, associations);
  if (suggestions.length > 0) return { suggestions };
  // The text is read again only for an empty answer, where the reason is the answer.
  const noneBecause = explainNoSuggestions(chapters, associations);
  return noneBecause ? { suggestions, none_because: noneBecause } : { suggestions };
}

/** GET .../associations/mentions: every association's mentions per chapter, in one scan of the story. */
export async function getMentionGrid(
  repositories: Repositories,
  scope: { userId: string; storyId: string },
): Promise<MentionGrid> {
  const { associations, chapters } = await readOwnedStory(repositories, scope);
  return {
    chapters: chapters.map(({ chapter_id, title, place }) => ({ chapter_id, title, place })),
    tallies: tallyMentions(chapters, associations),
  };
}
