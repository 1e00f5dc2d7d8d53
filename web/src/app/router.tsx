import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyPage, preloading, type LazyPage } from './lazy-page';
import { RootLayout } from './routes/root-layout';
import { RouteErrorFallback } from './routes/route-error-fallback';
import { ProtectedRoute, SignedOutOnlyRoute } from './routes/route-guards';

const ComingSoonPage = lazyPage(
  () => import('../features/landing/routes/coming-soon-page'),
  'ComingSoonPage',
);
const SignInPage = lazyPage(() => import('../features/auth/routes/sign-in-page'), 'SignInPage');
const StoriesPage = lazyPage(() => import('../features/stories/routes/stories-page'), 'StoriesPage');
const StoryFormPage = lazyPage(() => import('../features/stories/routes/story-form-page'), 'StoryFormPage');
// The workspace's chapter queues start with what an earlier page left unsent, read from the browser's store.
const StoryWorkspacePage = lazyPage(
  () =>
    Promise.all([
      import('../features/workspace/routes/story-workspace-page'),
      import('../editor/autosave/chapter-queues').then(({ openPendingOpStore }) => openPendingOpStore()),
    ]).then(([page]) => page),
  'StoryWorkspacePage',
);
const StoryBiblePage = lazyPage(
  () => import('../features/story-bible/routes/story-bible-page'),
  'StoryBiblePage',
);
const TimelinePage = lazyPage(() => import('../features/timeline/routes/timeline-page'), 'TimelinePage');
const CorkboardPage = lazyPage(() => import('../features/workspace/routes/corkboard-page'), 'CorkboardPage');
const EditSeriesPage = lazyPage(() => import('../features/series/routes/edit-series-page'), 'EditSeriesPage');
const SettingsPage = lazyPage(() => import('../features/settings/routes/settings-page'), 'SettingsPage');
const ProgressPage = lazyPage(() => import('../features/progress/routes/progress-page'), 'ProgressPage');
const SubscribePage = lazyPage(() => import('../features/billing/routes/subscribe-page'), 'SubscribePage');
const PaymentPage = lazyPage(() => import('../features/billing/routes/payment-page'), 'PaymentPage');
const SharedLinkPage = lazyPage(
  () => import('../features/reading/routes/shared-link-page'),
  'SharedLinkPage',
);
const ReadingPage = lazyPage(() => import('../features/reading/routes/reading-page'), 'ReadingPage');
const NotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'NotFoundPage');

/**
 * A lazy page's route: its loader starts the page's download as the address matches, beside the author's lookup
 * the route guards wait for. `key` gives a page serving several routes a fresh state on each.
 */
function pageRoute(path: string, Page: LazyPage, key?: string): RouteObject {
  return { path, element: <Page key={key} />, loader: preloading(Page) };
}

/** Shown for the moment the first route's loader takes (it only starts reads, and answers at once). */
function NothingYet() {
  return null;
}

/**
 * The app's routes (spec §2). A new page is one line under the guard it needs; its component lives in its
 * feature's `routes/` folder and is loaded lazily through `lazyPage`. The story form serves three routes:
 * distinct keys give each a fresh form state. The workspace's route starts its reads while its code loads
 * (again only when the story changes, not at each chapter chosen).
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      HydrateFallback: NothingYet,
      // Only reached if the providers themselves fail; page failures are caught one level down, inside them.
      errorElement: <RouteErrorFallback />,
      children: [
        {
          errorElement: <RouteErrorFallback />,
          children: [
            {
              element: <SignedOutOnlyRoute />,
              children: [
                pageRoute(paths.home.path, ComingSoonPage),
                pageRoute(paths.signIn.path, SignInPage),
              ],
            },
            {
              element: <ProtectedRoute />,
              children: [
                pageRoute(paths.stories.path, StoriesPage),
                pageRoute(paths.newStory.path, StoryFormPage, 'create'),
                {
                  path: paths.story.path,
                  element: <StoryWorkspacePage />,
                  loader: ({ params, request }) => {
                    preloading(StoryWorkspacePage)();
                    const { storyId } = params;
                    // Its own small chunk, not awaited: the first route stays light and the page is not held.
                    if (storyId) {
                      void import('../api/story-workspace-prefetch').then(({ prefetchStoryWorkspace }) =>
                        prefetchStoryWorkspace(queryClient, storyId, new URL(request.url)),
                      );
                    }
                    return null;
                  },
                  shouldRevalidate: ({ currentParams, nextParams }) =>
                    currentParams.storyId !== nextParams.storyId,
                },
                pageRoute(paths.editStory.path, StoryFormPage, 'update'),
                pageRoute(paths.storyBible.path, StoryBiblePage),
                pageRoute(paths.corkboard.path, CorkboardPage),
                pageRoute(paths.timeline.path, TimelinePage),
                pageRoute(paths.addSeriesStory.path, StoryFormPage, 'add-to-series'),
                pageRoute(paths.editSeries.path, EditSeriesPage),
                pageRoute(paths.settings.path, SettingsPage),
                pageRoute(paths.progress.path, ProgressPage),
                pageRoute(paths.subscribe.path, SubscribePage),
                pageRoute(paths.payment.path, PaymentPage),
                pageRoute(paths.readStory.path, ReadingPage),
              ],
            },
            // Signed in or out: a visitor is asked to sign in and brought back here afterwards.
            pageRoute(paths.sharedLink.path, SharedLinkPage),
            pageRoute('*', NotFoundPage),
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
