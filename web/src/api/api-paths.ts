/**
 * Every server address the app calls (spec §7), built in one place so no fetcher spells a URL by hand.
 */

const segment = encodeURIComponent;
const story = (storyId: string) => `/api/stories/${segment(storyId)}`;
const series = (seriesId: string) => `/api/series/${segment(seriesId)}`;
const associations = (storyId: string) => `${story(storyId)}/associations`;

export const apiPaths = {
  user: '/api/user',
  userDownload: '/api/user/download',
  userDelete: '/api/user/delete',
  trash: '/api/trash',
  restoreStory: (storyId: string) => `/api/trash/stories/${segment(storyId)}/restore`,
  restoreChapter: (storyId: string, chapterId: string) =>
    `/api/trash/stories/${segment(storyId)}/chapters/${segment(chapterId)}/restore`,
  userProgress: (days: number) => `/api/user/progress?days=${days}`,
  billingCustomer: '/billing/customer',
  billingPaymentMethod: '/billing/customer/payment',
  billingProducts: '/billing/products',
  billingSubscribe: '/billing/subscribe',
  billingLocalPaymentMethods: '/billing/local/payment-methods',
  stories: '/api/stories',
  manuscriptUploads: '/api/stories/import/uploads',
  manuscriptUpload: (uploadId: string) => `/api/stories/import/uploads/${segment(uploadId)}`,
  story,
  storyDetails: (storyId: string) => `${story(storyId)}/details`,
  documentSettings: (storyId: string) => `${story(storyId)}/settings`,
  bookSettings: (storyId: string) => `${story(storyId)}/book`,
  bookPreview: (storyId: string) => `${story(storyId)}/book/preview`,
  storyProgress: (storyId: string) => `${story(storyId)}/progress`,
  storyExport: (storyId: string) => `${story(storyId)}/export`,
  exportJob: (storyId: string, jobId: string) => `${story(storyId)}/export/${segment(jobId)}`,
  newChapter: (storyId: string) => `${story(storyId)}/chapter`,
  chapters: (storyId: string) => `${story(storyId)}/chapters`,
  chapter: (storyId: string, chapterId: string) => `${story(storyId)}/chapters/${segment(chapterId)}`,
  chapterCreationRetry: (storyId: string, chapterId: string) =>
    `${story(storyId)}/chapters/${segment(chapterId)}/retry-creation`,
  // The spec's delete call names the chapter under the singular `chapter/`, unlike the rename call.
  deletedChapter: (storyId: string, chapterId: string) => `${story(storyId)}/chapter/${segment(chapterId)}`,
  outline: '/api/outline',
  seriesList: '/api/series',
  series,
  seriesStory: (seriesId: string, storyId: string) => `${series(seriesId)}/story/${segment(storyId)}`,
  associations,
  associationThumbs: (storyId: string) => `${associations(storyId)}/thumbs`,
  association: (storyId: string, associationId: string) =>
    `${associations(storyId)}/${segment(associationId)}`,
  portraitUpload: (storyId: string, associationId: string) =>
    `${associations(storyId)}/${segment(associationId)}/upload`,
  storyFacts: (storyId: string) => `${story(storyId)}/facts`,
  continuity: (storyId: string) => `${story(storyId)}/continuity`,
  associationFacts: (storyId: string, associationId: string) =>
    `${associations(storyId)}/${segment(associationId)}/facts`,
  associationFact: (storyId: string, associationId: string, factId: string) =>
    `${associations(storyId)}/${segment(associationId)}/facts/${segment(factId)}`,
  associationAppearances: (storyId: string, associationId: string) =>
    `${associations(storyId)}/${segment(associationId)}/appearances`,
  associationRename: (storyId: string, associationId: string) =>
    `${associations(storyId)}/${segment(associationId)}/rename`,
  associationSharing: (storyId: string, associationId: string, change: 'share' | 'unshare') =>
    `${associations(storyId)}/${segment(associationId)}/${change}`,
  elementSuggestions: (storyId: string) => `${associations(storyId)}/suggestions`,
  mentionGrid: (storyId: string) => `${associations(storyId)}/mentions`,
  chapterContent: (storyId: string) => `${story(storyId)}/content`,
  // The editor's block sync: saves go to the story's own address, deletions and the order under it.
  savedBlocks: story,
  deletedBlocks: (storyId: string) => `${story(storyId)}/block`,
  blockOrder: (storyId: string) => `${story(storyId)}/orderMap`,
  chapterVersions: (storyId: string, chapterId: string) =>
    `${story(storyId)}/chapters/${segment(chapterId)}/versions`,
  chapterVersion: (storyId: string, chapterId: string, versionId: string) =>
    `${story(storyId)}/chapters/${segment(chapterId)}/versions/${segment(versionId)}`,
  versionRestore: (storyId: string, chapterId: string, versionId: string) =>
    `${story(storyId)}/chapters/${segment(chapterId)}/versions/${segment(versionId)}/restore`,
  storySearch: (storyId: string) => `${story(storyId)}/search`,
  storyReplace: (storyId: string) => `${story(storyId)}/replace`,
  // Readers and editors (issue 24).
  shares: (storyId: string) => `${story(storyId)}/shares`,
  share: (storyId: string, shareId: string) => `${story(storyId)}/shares/${segment(shareId)}`,
  joinShare: (shareId: string) => `/api/shares/${segment(shareId)}/join`,
  sharedWithMe: '/api/shared',
  readingPosition: (storyId: string) => `${story(storyId)}/reading-position`,
  readingPositions: (storyId: string) => `${story(storyId)}/reading-positions`,
  comments: (storyId: string) => `${story(storyId)}/comments`,
  commentsSeen: (storyId: string) => `${story(storyId)}/comments/seen`,
  comment: (storyId: string, commentId: string) => `${story(storyId)}/comments/${segment(commentId)}`,
  commentReplies: (storyId: string, commentId: string) =>
    `${story(storyId)}/comments/${segment(commentId)}/replies`,
  suggestions: (storyId: string) => `${story(storyId)}/suggestions`,
  suggestionDecision: (storyId: string, suggestionId: string, decision: 'accept' | 'reject') =>
    `${story(storyId)}/suggestions/${segment(suggestionId)}/${decision}`,
  // Relationships between associations (issue 25 §3).
  relationships: (storyId: string) => `${story(storyId)}/relationships`,
  relationship: (storyId: string, relationshipId: string) =>
    `${story(storyId)}/relationships/${segment(relationshipId)}`,
  relationshipSuggestions: (storyId: string) => `${story(storyId)}/relationships/suggestions`,
  // Story time (issue 25 §1).
  storyCalendar: (storyId: string) => `${story(storyId)}/calendar`,
  chapterTime: (storyId: string, chapterId: string) =>
    `${story(storyId)}/chapters/${segment(chapterId)}/time`,
  storyTimeline: (storyId: string) => `${story(storyId)}/timeline`,
  seriesTimeline: (seriesId: string) => `${series(seriesId)}/timeline`,
} as const;
