import type { ChapterText } from '../../../shared/paragraph-text';
import type {
  StoryReplaceRequest,
  StoryReplaceResponse,
  StorySearchResult,
} from '../../../shared/schemas/story-search';
import { findInParagraphs, replaceInStory, type FindOptions } from '../../../shared/text-replacement';
import type { Repositories } from '../repositories';
import { readChaptersToRewrite, readSearchableStoryText } from './story-text';
import { saveVersionsBeforeBulkChange } from '../versions/automatic-versions';
import type { VersionPorts } from '../versions/version-snapshot';
import { planRewrite, writeRewrite, type StoryRewrite } from './story-text-rewrite';

interface StoryScope {
  userId: string;
  storyId: string;
}

/**
 * GET /api/stories/{storyId}/search (issue 14 §3): every match of `find` in the story's stored text, by
 * chapter, with snippets. It finds exactly what a replace with the same options changes.
 */
export async function searchStory(
  repositories: Repositories,
  scope: StoryScope,
  find: string,
  options: FindOptions,
): Promise<StorySearchResult> {
  await repositories.stories.requireOwned(scope.userId, scope.storyId);
  const chapters = await readSearchableStoryText(repositories, scope.storyId);
  return findInParagraphs(chapters, find, options);
}

/**
 * POST /api/stories/{storyId}/replace (issue 14 §3): every match replaced in the stored text, each run keeping
 * its formatting. The searchable text names the chapters with a match, and only those chapters' paragraphs are
 * read. Then, in two steps: first the plan, which works out every changed paragraph and checks it fits
 * (so a replace too large for one paragraph changes nothing) and names the chapters it changes; then an
 * automatic version of each of those chapters; then the writes, chapter by chapter.
 */
export async function replaceInStoryText(
  ports: VersionPorts,
  scope: StoryScope,
  request: StoryReplaceRequest,
): Promise<StoryReplaceResponse> {
  const { repositories } = ports;
  await repositories.stories.requireOwned(scope.userId, scope.storyId);
  const options = { case_sensitive: request.case_sensitive, whole_word: request.whole_word };
  const rewrite: StoryRewrite = (texts: readonly ChapterText[]) =>
    replaceInStory(texts, request.find, request.replace, options);
  const chapters = await readChaptersToRewrite(
    repositories,
    await readSearchableStoryText(repositories, scope.storyId),
    rewrite,
  );

  const plan = planRewrite(chapters, rewrite);
  const changedChapterIds = [...plan.byChapter.keys()];
  if (changedChapterIds.length === 0) return { replaced: 0, chapters: 0 };
  // The text as it was, for every chapter about to change, before the first is written.
  await saveVersionsBeforeBulkChange(ports, scope.storyId, changedChapterIds);
  return writeRewrite(ports, scope.storyId, chapters, plan, rewrite);
}
