import { apiPaths } from '../api/api-paths';
import { chapterOpeningAddress } from '../api/chapter-content-addresses';
import { paths } from '../config/paths';
import { chapterOpenedBy } from '../features/workspace/utils/chapter-order';
import { holdsUnsentChanges } from '../editor/autosave/pending-op-store';
import { startEarlyRead } from '../lib/early-reads';
import type { OfflineDatabase } from '../lib/offline/offline-database';
import { drawChapterOpening, openingTexts } from './chapter-opening-frame';
import { drawStoryList } from './story-list-frame';
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
 * A copy of an early read's JSON answer (undefined when it failed): the app takes the answer itself. Asked for
 * as the read starts, before the app can have read the answer's body.
 */
const copyOfAnswer = (response: Promise<Response> | undefined): Promise<unknown> =>
  (response ?? Promise.resolve(undefined))
    .then((answer) => (answer?.ok ? (answer.clone().json() as Promise<unknown>) : undefined))
    .catch(() => undefined);

export interface EarlyReadsPage {
  address: Location | URL;
  storage: Storage;
  /** Where the story list or a chapter's opening is drawn before the app has arrived (index.html's frame). */
  frame?: Promise<HTMLElement | undefined>;
  /** The browser's database, where the autosave queue keeps what is unsent. */
  openDatabase?: () => Promise<OfflineDatabase>;
}

/**
 * Starts the address's reads; on a workspace, once the story answers, the opening screenful of the chapter it
 * opens (the one `chapterOpenedBy` names, as the workspace will). Given a frame, the story list is drawn there as
 * its two lists answer (`drawStoryList`), and a chapter's opening as it answers, unless this browser holds unsent
 * changes of the chapter, which the server's text would contradict. The chapter's content itself, which the
 * editor opens with, is left to the workspace's route: the editor must know which of its page's writes the read
 * may predate (`readChapterBlocksForEditor`).
 */
export function startEarlyReads({ address, storage, frame, openDatabase }: EarlyReadsPage): void {
  const reads = new Map(earlyReadsOf(address.pathname).map((url) => [url, startEarlyRead(url)]));
  if (frame && matchAddress(paths.stories.path, address.pathname)) {
    const lists = [apiPaths.seriesList, apiPaths.stories].map((url) => copyOfAnswer(reads.get(url)));
    void Promise.all([frame, ...lists]).then(([parsedFrame, series, stories]) => {
      if (parsedFrame) drawStoryList(parsedFrame, series, stories);
    });
    return;
  }
  const storyId = workspaceStory(address.pathname);
  if (storyId === undefined) return;
  const story = copyOfAnswer(reads.get(apiPaths.story(storyId)));
  const settings = frame ? copyOfAnswer(reads.get(apiPaths.documentSettings(storyId))) : undefined;
  void story
    .then((answer) => {
      const chapters = (answer as { chapters?: unknown } | undefined)?.chapters;
      if (!Array.isArray(chapters)) return;
      const chapter = chapterOpenedBy(
        storyId,
        chapters as Chapter[],
        new URLSearchParams(address.search),
        storage,
      );
      if (!chapter) return;
      const opening = startEarlyRead(chapterOpeningAddress(storyId, chapter.id));
      if (!opening || !frame || !openDatabase || !settings) return;
      return drawWhenSafe(frame, copyOfAnswer(opening), settings, () =>
        openDatabase().then((database) =>
          holdsUnsentChanges(database, storage, { storyId, chapterId: chapter.id }),
        ),
      );
    })
    .catch(() => undefined);
}

async function drawWhenSafe(
  frame: Promise<HTMLElement | undefined>,
  opening: Promise<unknown>,
  settings: Promise<unknown>,
  holdsUnsent: () => Promise<boolean>,
): Promise<void> {
  const [answer, unsent] = await Promise.all([opening, holdsUnsent().catch(() => true)]);
  const texts = openingTexts(answer);
  if (unsent || !texts) return;
  const parsedFrame = await frame;
  if (parsedFrame) drawChapterOpening(parsedFrame, texts, await settings);
}
