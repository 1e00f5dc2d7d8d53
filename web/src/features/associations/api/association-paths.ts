/** The association calls of spec §7, under the story they belong to. */
export const associationPaths = {
  collection: (storyId: string) => `/api/stories/${encodeURIComponent(storyId)}/associations`,
  thumbs: (storyId: string) => `/api/stories/${encodeURIComponent(storyId)}/associations/thumbs`,
  one: (storyId: string, associationId: string) =>
    `/api/stories/${encodeURIComponent(storyId)}/associations/${encodeURIComponent(associationId)}`,
  upload: (storyId: string, associationId: string) =>
    `/api/stories/${encodeURIComponent(storyId)}/associations/${encodeURIComponent(associationId)}/upload`,
};
