/**
 * Every address of the app (spec §2), as a route pattern for the router and an href builder for links,
 * so no component spells a URL by hand.
 */

const segment = encodeURIComponent;

/** The query parameters of a story's address: the open chapter, and a paragraph and mention to show in it. */
export const storyAddressParameters = {
  chapter: 'chapter',
  paragraph: 'paragraph',
  mention: 'mention',
} as const;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** With `accountDeleted`, the page says the account was deleted (where 'Delete my account' lands). */
  signIn: {
    path: '/signin',
    getHref: (options: { accountDeleted?: boolean } = {}) =>
      options.accountDeleted ? '/signin?account=deleted' : '/signin',
  },
  stories: { path: '/stories', getHref: () => '/stories' },
  newStory: { path: '/stories/new', getHref: () => '/stories/new' },
  story: {
    path: '/stories/:storyId',
    getHref: (storyId: string, chapterId?: string) =>
      `/stories/${segment(storyId)}${chapterId === undefined ? '' : `?${storyAddressParameters.chapter}=${segment(chapterId)}`}`,
  },
  /**
   * A chapter scrolled to a paragraph, with a mention of the association there flashed (issue 13), or without
   * an association the paragraph itself (a search result, issue 14).
   */
  storyMention: {
    path: '/stories/:storyId',
    getHref: (storyId: string, chapterId: string, mention: { keyId: string; associationId?: string }) =>
      `/stories/${segment(storyId)}?${new URLSearchParams({
        [storyAddressParameters.chapter]: chapterId,
        [storyAddressParameters.paragraph]: mention.keyId,
        ...(mention.associationId === undefined
          ? {}
          : { [storyAddressParameters.mention]: mention.associationId }),
      }).toString()}`,
  },
  storyBible: {
    path: '/stories/:storyId/bible',
    getHref: (storyId: string) => `/stories/${segment(storyId)}/bible`,
  },
  /** Issue 28: the chapters as index cards. */
  corkboard: {
    path: '/stories/:storyId/corkboard',
    getHref: (storyId: string) => `/stories/${segment(storyId)}/corkboard`,
  },
  /** Issue 25 §1: the chapters on the story's time axis, with a lane per association. */
  timeline: {
    path: '/stories/:storyId/timeline',
    getHref: (storyId: string) => `/stories/${segment(storyId)}/timeline`,
  },
  editStory: {
    path: '/stories/:storyId/edit',
    getHref: (storyId: string) => `/stories/${segment(storyId)}/edit`,
  },
  addSeriesStory: {
    path: '/series/:seriesId/add',
    getHref: (seriesId: string) => `/series/${segment(seriesId)}/add`,
  },
  editSeries: {
    path: '/series/:seriesId/edit',
    getHref: (seriesId: string) => `/series/${segment(seriesId)}/edit`,
  },
  /** Issue 24: a share link; it works signed out (the page asks to sign in, then comes back). */
  sharedLink: {
    path: '/shared/:shareId',
    getHref: (shareId: string) => `/shared/${segment(shareId)}`,
  },
  /** Issue 24: a story shared with me, read (and commented on) rather than edited. */
  readStory: {
    path: '/read/:storyId',
    getHref: (storyId: string, chapterId?: string) =>
      `/read/${segment(storyId)}${chapterId === undefined ? '' : `?${storyAddressParameters.chapter}=${segment(chapterId)}`}`,
  },
  settings: { path: '/settings', getHref: () => '/settings' },
  progress: { path: '/progress', getHref: () => '/progress' },
  subscribe: { path: '/subscribe', getHref: () => '/subscribe' },
  payment: { path: '/payment', getHref: () => '/payment' },
} as const;

/**
 * Server-side auth endpoints (spec §7 "Browser links"). The sign-in ones must be full-page navigations:
 * the server answers with a redirect to the identity provider, which the client-side router cannot follow.
 */
export const authPaths = {
  google: '/auth/google',
  amazon: '/auth/amazon',
  microsoft: '/auth/microsoftonline',
  logout: '/auth/logout',
} as const;
