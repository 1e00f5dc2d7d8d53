/** The server addresses the workspace calls (spec §7), built in one place so no fetcher spells a URL by hand. */

const segment = encodeURIComponent;
const story = (storyId: string) => `/api/stories/${segment(storyId)}`;

export const workspaceApiPaths = {
  story,
  fullStory: (storyId: string) => `${story(storyId)}/full`,
  storyDetails: (storyId: string) => `${story(storyId)}/details`,
  documentSettings: (storyId: string) => `${story(storyId)}/settings`,
  newChapter: (storyId: string) => `${story(storyId)}/chapter`,
  chapters: (storyId: string) => `${story(storyId)}/chapters`,
  chapter: (storyId: string, chapterId: string) => `${story(storyId)}/chapters/${segment(chapterId)}`,
  // The spec's delete call names the chapter under the singular `chapter/`, unlike the rename call.
  deletedChapter: (storyId: string, chapterId: string) => `${story(storyId)}/chapter/${segment(chapterId)}`,
  series: (seriesId: string) => `/api/series/${segment(seriesId)}`,
} as const;
