import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { lazyPage, preloading } from './lazy-page';
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
                { path: paths.home.path, element: <ComingSoonPage />, loader: preloading(ComingSoonPage) },
                { path: paths.signIn.path, element: <SignInPage />, loader: preloading(SignInPage) },
              ],
            },
            {
              element: <ProtectedRoute />,
              children: [
                { path: paths.stories.path, element: <StoriesPage />, loader: preloading(StoriesPage) },
                {
                  path: paths.newStory.path,
                  element: <StoryFormPage key="create" />,
                  loader: preloading(StoryFormPage),
                },
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
                {
                  path: paths.editStory.path,
                  element: <StoryFormPage key="update" />,
                  loader: preloading(StoryFormPage),
                },
                {
                  path: paths.storyBible.path,
                  element: <StoryBiblePage />,
                  loader: preloading(StoryBiblePage),
                },
                { path: paths.corkboard.path, element: <CorkboardPage />, loader: preloading(CorkboardPage) },
                { path: paths.timeline.path, element: <TimelinePage />, loader: preloading(TimelinePage) },
                {
                  path: paths.addSeriesStory.path,
                  element: <StoryFormPage key="add-to-series" />,
                  loader: preloading(StoryFormPage),
                },
                {
                  path: paths.editSeries.path,
                  element: <EditSeriesPage />,
                  loader: preloading(EditSeriesPage),
                },
                { path: paths.settings.path, element: <SettingsPage />, loader: preloading(SettingsPage) },
                { path: paths.progress.path, element: <ProgressPage />, loader: preloading(ProgressPage) },
                { path: paths.subscribe.path, element: <SubscribePage />, loader: preloading(SubscribePage) },
                { path: paths.payment.path, element: <PaymentPage />, loader: preloading(PaymentPage) },
                { path: paths.readStory.path, element: <ReadingPage />, loader: preloading(ReadingPage) },
              ],
            },
            // Signed in or out: a visitor is asked to sign in and brought back here afterwards.
            { path: paths.sharedLink.path, element: <SharedLinkPage />, loader: preloading(SharedLinkPage) },
            { path: '*', element: <NotFoundPage />, loader: preloading(NotFoundPage) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
