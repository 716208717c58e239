import type { QueryClient } from '@tanstack/react-query';
import { matchPath, Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { ServerErrorPage } from '@/components/errors/server-error-page';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { ROLES, SIGN_UP_ROLES, type Role } from '@/config/roles';
import { prefetchExpert } from '@/features/directory/api/prefetch';
import {
  loadAreaTexts,
  loadBlogTexts,
  loadBookingTexts,
  loadComplaintTexts,
  loadContentTexts,
  loadFormTexts,
  loadHomeTexts,
  loadSecondFactorTexts,
} from '@/lib/i18n';
import { requireSession } from './guards';
import { room } from './lazy-routes';
import { LazyNewsletterForm } from './routes/lazy-lists';
import { loadLists } from './routes/load-lists';
import { RootLayout } from './routes/root-layout';

// Every page is a lazy route: the first load carries the frame (header, footer, consent) and the
// page's own chunk only. The home page, the directory, an expert's page and the blog come painted by
// the server meanwhile (server-page.ts); the auth pages are small shells whose forms (Formik, yup)
// load inside them. The areas' screens are discovered (`discoverAreaRoutes`).
/** A lazy route whose texts load beside its code. */
const withTexts =
  <T,>(page: () => Promise<T>, ...texts: (() => Promise<void>)[]) =>
  () =>
    Promise.all([page(), ...texts.map((load) => load())]).then(([route]) => route);
const home = withTexts(() => import('./routes/home'), loadHomeTexts);
const ourExperts = () => import('./routes/directory/our-experts');
// The auth pages bring the forms' texts.
const chooseRole = withTexts(() => import('./routes/auth/choose-role'), loadFormTexts);
const signIn = withTexts(() => import('./routes/auth/sign-in'), loadFormTexts);
const signUp = withTexts(() => import('./routes/auth/sign-up'), loadFormTexts);
const forgetPassword = withTexts(() => import('./routes/auth/forget-password'), loadFormTexts);
const resetPassword = withTexts(() => import('./routes/auth/reset-password'), loadFormTexts);
const content = withTexts(() => import('./routes/content'), loadContentTexts);
// The contact page: a content page whose form (Formik, yup) follows its text lazily.
const contact = withTexts(() => import('./routes/contact'), loadContentTexts, loadFormTexts);
// The lifestyle page (issue 13): its texts are the content ones (the card form brings the booking's own).
const lifestyle = withTexts(() => import('./routes/lifestyle'), loadContentTexts);
// The public blog: lazy pages with their texts.
const blogList = withTexts(() => import('./routes/blog/blog-list'), loadBlogTexts);
const blogPost = withTexts(() => import('./routes/blog/blog-post'), loadBlogTexts);
const areaLayout = withTexts(
  () => import('./routes/area/layout'),
  loadAreaTexts,
  loadBookingTexts,
  loadComplaintTexts,
  loadSecondFactorTexts,
);
const booking = withTexts(() => import('./routes/booking/booking'), loadBookingTexts);
const expertDetails = () => import('./routes/directory/expert-details');

/** One route object per path pattern (pages answering under several prefixes). */
const each = (patterns: readonly string[], route: Omit<RouteObject, 'path' | 'index' | 'children'>) =>
  patterns.map((path): RouteObject => ({ ...route, path }));

type ContentPageKey = keyof Awaited<ReturnType<typeof content>>['pages'];

/** A content page (one lazy chunk): a static or legal page's server text (issue 13). */
const contentRoute = (path: string, key: ContentPageKey): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await content()).pages[key] }),
});

/** sign-in, sign-up, forget-password, verify/{token}/{email}: under /public/{role}/ and /{role}/. */
const authRoutes = (role: Role): RouteObject[] => {
  const pages = paths.public[role];
  return [
    ...each(pages.signIn.paths, { lazy: signIn }),
    ...each(pages.forgetPassword.paths, { lazy: forgetPassword }),
    ...each(pages.verify.paths, { lazy: resetPassword }),
  ];
};

/** The id of `role`'s area route, whose screens `discoverAreaRoutes` adds. */
const areaRouteId = (role: Role) => `area-${role}`;

/**
 * An area's root route: its guard (spec §4), its layout and the redirect of its bare path to the
 * dashboard. Its screens come from area-routes.tsx when someone first goes there.
 */
const areaRoute = (queryClient: QueryClient, role: Role, screens: RouteObject[] = []): RouteObject => {
  const area = paths[role];
  return {
    id: areaRouteId(role),
    path: area.root.path,
    loader: requireSession(queryClient, role),
    lazy: areaLayout,
    children: [{ index: true, element: <Navigate to={area.dashboard.getHref()} replace /> }, ...screens],
  };
};

/**
 * React Router's lazy route discovery, for one router: a path under an area whose screens this
 * router does not know yet loads them (one chunk for every area) and adds them under the area's
 * route, guarded like the rest. Tests that match paths without a router give `createRoutes` the
 * screens instead.
 */
export const discoverAreaRoutes = (): PatchRoutesOnNavigationFunction => {
  const discovered = new Set<Role>();
  return async ({ path, patch }) => {
    const role = ROLES.find(
      (candidate) => !discovered.has(candidate) && matchPath({ path: `${paths[candidate].root.path}/*`, end: false }, path),
    );
    if (!role) return;
    const { areaChildren } = await import('./area-routes');
    if (discovered.has(role)) return;
    discovered.add(role);
    patch(areaRouteId(role), withErrorBoundaries(areaChildren(role)));
  };
};

/** Gives every route its own error boundary, so a failing page keeps its layout. */
const withErrorBoundaries = (routes: RouteObject[]): RouteObject[] =>
  routes.map(
    (route) =>
      ({
        ErrorBoundary: RouteErrorBoundary,
        ...route,
        ...(route.children ? { children: withErrorBoundaries(route.children) } : {}),
      }) as RouteObject,
  );

/**
 * The route table (spec §2, DESIGN §6). Matching is case-insensitive (React Router's default).
 * The areas' screens are discovered (`discoverAreaRoutes`) unless `areaScreens` gives them.
 */
export const createRoutes = (
  queryClient: QueryClient,
  areaScreens?: (role: Role) => RouteObject[],
): RouteObject[] =>
  withErrorBoundaries([
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageLoader,
      children: [
        {
          element: <PublicLayout newsletter={<LazyNewsletterForm />} />,
          children: [
            { index: true, lazy: home },
            contentRoute(paths.aboutUs.path, 'about-us'),
            contentRoute(paths.alternativeMedicine.path, 'alternative-medicine'),
            contentRoute(paths.sdgMedia.path, 'sdg-media'),
            contentRoute(paths.faq.path, 'faq'),
            contentRoute(paths.teamAndVision.path, 'team-and-vision'),
            contentRoute(paths.media.path, 'media'),
            { path: paths.ourExperts.path, lazy: ourExperts },
            { path: paths.expertDetails.path, lazy: expertDetails, loader: prefetchExpert(queryClient) },
            {
              path: paths.lifestyleProduct.path,
              lazy: lifestyle,
              // Its lists are read while its code downloads (the loader's own small chunk).
              loader: async (args) => (await import('@/features/shop/api/prefetch')).prefetchShop(queryClient)(args),
              // Once there, new filters and pages keep the shown cards until the next come.
              shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
            },
            contentRoute(paths.termsConditions.path, 'terms'),
            contentRoute(paths.privacyPolicy.path, 'privacy'),
            { path: paths.contactUs.path, lazy: contact },
            { path: paths.blog.path, lazy: blogList },
            { path: paths.blogPost.path, lazy: blogPost },
            ...(['newsletterConfirm', 'newsletterUnsubscribe', 'waitingListLeave'] as const).map(
              (key): RouteObject => ({ path: paths[key].path, lazy: async () => ({ Component: (await loadLists()).screens[key] }) }),
            ),
            {
              path: paths.chatRoom.path,
              lazy: room,
              loader: async (args) => (await import('./routes/room')).roomLoader(queryClient)(args),
            },
            { path: paths.booking.path, lazy: booking, loader: requireSession(queryClient, 'client') },
            ...each(paths.public.signIn.paths, { lazy: chooseRole }),
            ...each(paths.public.signUp.paths, { lazy: chooseRole }),
            ...ROLES.flatMap(authRoutes),
            ...SIGN_UP_ROLES.flatMap((role) => each(paths.public[role].signUp.paths, { lazy: signUp })),
            ...each(paths.public.page404.paths, { Component: NotFoundPage }),
            ...each(paths.public.page500.paths, { Component: ServerErrorPage }),
            { path: paths.notFound.path, Component: NotFoundPage },
          ],
        },
        ...ROLES.map((role) => areaRoute(queryClient, role, areaScreens?.(role))),
      ],
    },
  ]);
