import { apiPaths } from '../api/api-paths';
import { chapterContentAddress, chapterOpeningAddress } from '../api/chapter-content-addresses';
import { paths } from '../config/paths';
import { chapterOpenedBy } from '../features/workspace/utils/chapter-order';
import { startEarlyRead } from '../lib/early-reads';
import type { Chapter } from '../../../shared/schemas/chapter';

/**
 * The value of each `:name` segment of `pattern` in `pathname` (still encoded), or null when the address is
 * another. The router's own matcher would bring the router into the first script.
 */
function matchAddress(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/');
  const actual = pathname.replace(/\/$/, '').split('/');
  if (wanted.length !== actual.length) return null;
  const values: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = actual[index]!;
    if (part.startsWith(':')) values[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return values;
}

/** The story a workspace address opens, or undefined for any other address. */
function workspaceStory(pathname: string): string | undefined {
  const segment = matchAddress(paths.story.path, pathname)?.storyId;
  if (!segment || pathname === paths.newStory.path) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * The reads the page at `pathname` starts with, besides the chapter's: the signed-in author, whom every page
 * looks up, and its own.
 */
export function earlyReadsOf(pathname: string): string[] {
  if (matchAddress(paths.stories.path, pathname)) {
    return [apiPaths.user, apiPaths.stories, apiPaths.seriesList, apiPaths.sharedWithMe];
  }
  const storyId = workspaceStory(pathname);
  if (storyId === undefined) return [apiPaths.user];
  return [
    apiPaths.user,
    apiPaths.story(storyId),
    apiPaths.documentSettings(storyId),
    apiPaths.storyProgress(storyId),
    apiPaths.associationThumbs(storyId),
  ];
}

/**
 * Starts the address's reads; on a workspace, once the story answers, the opening screenful and the first page
 * of the chapter it opens (the one `chapterOpenedBy` names, as the workspace will). The story's answer is read
 * from a copy: the app takes the answer itself.
 */
export function startEarlyReads(address: Location | URL, storage: Storage): void {
  const reads = new Map(earlyReadsOf(address.pathname).map((url) => [url, startEarlyRead(url)]));
  const storyId = workspaceStory(address.pathname);
  const story = storyId === undefined ? undefined : reads.get(apiPaths.story(storyId));
  if (storyId === undefined || !story) return;
  void story
    .then((response) =>
      response.ok ? (response.clone().json() as Promise<{ chapters?: unknown }>) : undefined,
    )
    .then((story) => {
      if (!Array.isArray(story?.chapters)) return;
      const chapter = chapterOpenedBy(
        storyId,
        story.chapters as Chapter[],
        new URLSearchParams(address.search),
        storage,
      );
      if (!chapter) return;
      // The whole chapter once the opening screenful has answered, so that small read is never queued behind
      // megabytes of text (on the embedded runtime one process serves both).
      const opening = startEarlyRead(chapterOpeningAddress(storyId, chapter.id));
      return opening.finally(() => startEarlyRead(chapterContentAddress(storyId, chapter.id)));
    })
    .catch(() => undefined);
}
