/** Writing goals and progress (issue 15 §1), each answer parsed with the shared schema. */
import { queryOptions } from '@tanstack/react-query';
import {
  StoryProgressSchema,
  UserProgressSchema,
  type StoryProgress,
  type UserProgress,
} from '../../../shared/schemas/progress';
import { api } from '../lib/api-client';
import { apiPaths } from './api-paths';

export const progressKeys = {
  all: ['progress'] as const,
  user: (days: number) => [...progressKeys.all, 'user', days] as const,
  story: (storyId: string) => [...progressKeys.all, 'story', storyId] as const,
};

/** GET /api/user/progress?days=N. In the background: the pages show their own loading state. */
export async function getUserProgress(days: number, signal?: AbortSignal): Promise<UserProgress> {
  return UserProgressSchema.parse(await api.get(apiPaths.userProgress(days), { background: true, signal }));
}

/** GET /api/stories/{id}/progress. In the background, like the author's progress. */
export async function getStoryProgress(storyId: string, signal?: AbortSignal): Promise<StoryProgress> {
  return StoryProgressSchema.parse(
    await api.get(apiPaths.storyProgress(storyId), { background: true, signal }),
  );
}

export const userProgressQuery = (days: number) =>
  queryOptions({ queryKey: progressKeys.user(days), queryFn: ({ signal }) => getUserProgress(days, signal) });

export const storyProgressQuery = (storyId: string) =>
  queryOptions({
    queryKey: progressKeys.story(storyId),
    queryFn: ({ signal }) => getStoryProgress(storyId, signal),
  });
