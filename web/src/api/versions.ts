/** Versions of a chapter (issue 14 §2), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import { ChapterContentSchema } from '../../../shared/schemas/block';
import {
  VersionDetailSchema,
  VersionListSchema,
  VersionSummarySchema,
  type VersionBlock,
  type VersionDetail,
  type VersionSummary,
} from '../../../shared/schemas/versions';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const versionKeys = {
  chapter: (storyId: string, chapterId: string) => ['versions', storyId, chapterId] as const,
  version: (storyId: string, chapterId: string, versionId: string) =>
    [...versionKeys.chapter(storyId, chapterId), versionId] as const,
};

/** GET .../versions: newest first. In the background: the panel shows its own loading state. */
export async function listVersions(
  storyId: string,
  chapterId: string,
  signal?: AbortSignal,
): Promise<VersionSummary[]> {
  const response = await api.get(apiPaths.chapterVersions(storyId, chapterId), { background: true, signal });
  return VersionListSchema.parse(response);
}

export const versionListQuery = (storyId: string, chapterId: string) =>
  queryOptions({
    queryKey: versionKeys.chapter(storyId, chapterId),
    queryFn: ({ signal }) => listVersions(storyId, chapterId, signal),
  });

/** POST .../versions `{ name }`: the stored chapter as a named version. */
export async function saveVersion(storyId: string, chapterId: string, name: string): Promise<VersionSummary> {
  const response = await api.post(apiPaths.chapterVersions(storyId, chapterId), { name });
  return VersionSummarySchema.parse(response);
}

/** GET .../versions/{versionId}: every page of the version's paragraphs. */
export async function getVersion(
  storyId: string,
  chapterId: string,
  versionId: string,
  signal?: AbortSignal,
): Promise<VersionDetail> {
  const blocks: VersionBlock[] = [];
  let cursor: string | undefined;
  let first: VersionDetail | undefined;
  do {
    const page = VersionDetailSchema.parse(
      await api.get(apiPaths.chapterVersion(storyId, chapterId, versionId), {
        query: cursor === undefined ? {} : { cursor },
        background: true,
        signal,
      }),
    );
    first ??= page;
    blocks.push(...page.blocks);
    cursor = page.next;
  } while (cursor !== undefined);
  return { ...first, blocks };
}

export const versionQuery = (storyId: string, chapterId: string, versionId: string) =>
  queryOptions({
    queryKey: versionKeys.version(storyId, chapterId, versionId),
    queryFn: ({ signal }) => getVersion(storyId, chapterId, versionId, signal),
    // A version never changes.
    staleTime: Infinity,
  });

/** POST .../versions/{versionId}/restore: the chapter becomes the version; answers its first content page. */
export async function restoreVersion(storyId: string, chapterId: string, versionId: string): Promise<void> {
  ChapterContentSchema.parse(await api.post(apiPaths.versionRestore(storyId, chapterId, versionId)));
}
