import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { ServerErrorPage } from '@/components/errors/server-error-page';
import { PublicLayout } from '@/components/layouts/public-layout';
import type { RouteHandle } from '@/components/layouts/route-handle';
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
  loadSecondFactorTexts,
} from '@/lib/i18n';
import { requireSession } from './guards';
import * as chooseRole from './routes/auth/choose-role';
import * as forgetPassword from './routes/auth/forget-password';
import * as resetPassword from './routes/auth/reset-password';
import * as signIn from './routes/auth/sign-in';
import * as signUp from './routes/auth/sign-up';
import * as ourExperts from './routes/directory/our-experts';
import * as home from './routes/home';
import { LazyNewsletterForm } from './routes/lazy-lists';
import { loadLists } from './routes/load-lists';
import { RootLayout } from './routes/root-layout';

// Public auth pages and the directory are small shells in the main bundle (their title paints at
// once, good LCP); their forms (Formik, yup) and the search load lazily inside. Content pages
// (the static and legal pages' server texts), the lifestyle page and the areas are lazy routes.
const content = () => Promise.all([import('./routes/content'), loadContentTexts()]).then(([route]) => route);
// The contact page: a content page whose form (Formik, yup) follows its text lazily.
const contact = () => Promise.all([import('./routes/contact'), loadContentTexts()]).then(([route]) => route);
// The public blog: lazy pages with their texts.
// The lifestyle page (issue 13): its texts are the content ones (the card form brings the booking's own).
const lifestyle = () => Promise.all([import('./routes/lifestyle'), loadContentTexts()]).then(([route]) => route);
const blogList = () => Promise.all([import('./routes/blog/blog-list'), loadBlogTexts()]).then(([route]) => route);
const blogPost = () => Promise.all([import('./routes/blog/blog-post'), loadBlogTexts()]).then(([route]) => route);
const areaLayout = () =>
  Promise.all([
    import('./routes/area/layout'),
    loadAreaTexts(),
    loadBookingTexts(),
    loadComplaintTexts(),
    loadSecondFactorTexts(),
  ]).then(([layout]) => layout);
const booking = () => Promise.all([import('./routes/booking/booking'), loadBookingTexts()]).then(([route]) => route);
const dashboard = () => import('./routes/area/dashboard');
const changePassword = () => import('./routes/area/change-password');
const security = () => import('./routes/area/security');
const reference = () => import('./routes/admin/reference');
const expertDetails = () => import('./routes/directory/expert-details');
const favorite = () => import('./routes/client/favorite');
const clientFile = () => import('./routes/client/client-file');
const consultantList = () => import('./routes/admin/consultant-list');
const consultantView = () => import('./routes/admin/consultant-profile');
const clientList = () => import('./routes/admin/client-list');
const clientView = () => import('./routes/admin/client-profile');
const contactMessages = () => import('./routes/admin/contact-messages');
const adminBlog = () => import('./routes/admin/blog');
const adminQuotes = () => import('./routes/admin/quotes');
const adminProducts = () => import('./routes/admin/digital-products');
const adminSite = () => import('./routes/admin/site');
const adminLists = () => import('./routes/admin/lists');
const consultantProfile = () => import('./routes/consultant/profile');
const recommendedProducts = () => import('./routes/consultant/recommended-products');
// The video room (WebRTC, chat) is its own chunk, with the areas' texts.
const room = () => Promise.all([import('./routes/room'), loadAreaTexts()]).then(([module]) => module);
const clientBookings = () => import('./routes/booking/client-bookings');
const consultantBookings = () => import('./routes/booking/consultant-bookings');
const addNote = () => import('./routes/booking/add-note');
const addTiming = () => import('./routes/timings/add-timing');
const adminBookings = () => import('./routes/booking/admin-bookings');
const adminBooking = () => import('./routes/booking/admin-booking');
const addCoupon = () => import('./routes/coupons/add-coupon');
const viewCoupon = () => import('./routes/coupons/view-coupon');
const addComplaint = () => import('./routes/complaints/add-complaint');
const complaintsByMe = () => import('./routes/complaints/complaints-by-me');
const complaintsAgainst = () => import('./routes/complaints/complaints-against');
const partyComplaint = () => import('./routes/complaints/complaint');
const adminClientComplaints = () => import('./routes/complaints/admin-client-complaints');
const adminConsultantComplaints = () => import('./routes/complaints/admin-consultant-complaints');
const adminComplaint = () => import('./routes/complaints/admin-complaint');

/**
 * One route per screen of a lazy module whose `screens` are keyed like their `paths` object, titled
 * `{ns}.titles.{screen}`, with the subtitle given for a screen (area page header).
 */
const screenRoutes = <K extends string>(
  screens: Record<K, { path: string }>,
  load: () => Promise<{ screens: Record<K, ComponentType> }>,
  ns: string,
  subtitle?: (screen: K) => string,
): RouteObject[] =>
  (Object.keys(screens) as K[]).map(
    (screen): RouteObject => ({
      path: screens[screen].path,
      lazy: async () => ({ Component: (await load()).screens[screen] }),
      handle: { titleKey: `${ns}.titles.${screen}`, subtitleKey: subtitle?.(screen) } satisfies RouteHandle,
    }),
  );

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
    ...each(pages.signIn.paths, { Component: signIn.Component }),
    ...each(pages.forgetPassword.paths, { Component: forgetPassword.Component }),
    ...each(pages.verify.paths, { Component: resetPassword.Component }),
  ];
};

type ReferenceScreen = NonNullable<RouteHandle['reference']>['screen'];

/** spec §2: add, edit, view and view-trash for each reference list (admin area). */
const referenceRoutes = (): RouteObject[] =>
  Object.entries(paths.admin.reference).flatMap(([set, screens]) =>
    (['add', 'edit', 'view', 'trash'] as const satisfies readonly ReferenceScreen[]).map(
      (screen): RouteObject => ({
        path: screens[screen].path,
        lazy: reference,
        handle: {
          titleKey: `reference.sets.${set}.${screen}`,
          subtitleKey: 'reference.subtitle',
          reference: { set, screen },
        } satisfies RouteHandle,
      }),
    ),
  );

/** spec §2 admin consultant, client and their profile pages, and the contact-us list. */
const adminPeopleRoutes = (): RouteObject[] => {
  const page = (path: string, lazy: RouteObject['lazy'], titleKey: string, subtitleKey: string): RouteObject => ({
    path,
    lazy,
    handle: { titleKey, subtitleKey } satisfies RouteHandle,
  });
  const { consultants, clients } = paths.admin;
  return [
    page(consultants.list.path, consultantList, 'adminConsultants.title', 'adminConsultants.subtitle'),
    page(consultants.profile.path, consultantView, 'adminConsultants.profileTitle', 'adminConsultants.subtitle'),
    page(clients.list.path, clientList, 'adminClients.title', 'adminClients.subtitle'),
    page(clients.profile.path, clientView, 'adminClients.profileTitle', 'adminClients.subtitle'),
    page(paths.admin.contactUsList.path, contactMessages, 'adminContact.title', 'adminContact.subtitle'),
  ];
};

const CLIENT_FILE_SCREENS = ['consentFormDoc', 'healthAssessmentDoc', 'healthAssessment', 'generalInfo'] as const;

/** spec §2 client consent-form-doc, health-assessment-doc, health-assesment, general-info. */
const clientFileRoutes = (): RouteObject[] =>
  CLIENT_FILE_SCREENS.map(
    (screen): RouteObject => ({
      path: paths.client[screen].path,
      lazy: async () => ({ Component: (await clientFile()).screens[screen] }),
      handle: { titleKey: `clientFile.titles.${screen}` } satisfies RouteHandle,
    }),
  );
/** Issue 4 (booking) screens of each area. */
const bookingRoutes = (role: Role): RouteObject[] => {
  const page = (path: string, lazy: RouteObject['lazy'], titleKey: string, subtitleKey: string): RouteObject => ({
    path,
    lazy,
    handle: { titleKey, subtitleKey } satisfies RouteHandle,
  });
  if (role === 'client') {
    return [page(paths.client.myBooking.path, clientBookings, 'bookings.title', 'bookings.subtitle.client')];
  }
  if (role === 'consultant') {
    const { myBooking, addNote: note } = paths.consultant;
    return [
      page(paths.consultant.addTiming.path, addTiming, 'timings.title', 'timings.subtitle'),
      page(myBooking.path, consultantBookings, 'bookings.title', 'bookings.subtitle.consultant'),
      page(note.path, addNote, 'notes.title', 'notes.subtitle'),
    ];
  }
  const { allBooking, bookingDetail, addCoupon: add, viewCoupon: view } = paths.admin;
  return [
    page(allBooking.path, adminBookings, 'adminBookings.title', 'adminBookings.subtitle'),
    page(bookingDetail.path, adminBooking, 'adminBookings.detailTitle', 'adminBookings.subtitle'),
    page(add.path, addCoupon, 'coupons.addTitle', 'coupons.subtitle'),
    page(view.path, viewCoupon, 'coupons.listTitle', 'coupons.subtitle'),
  ];
};

/** Issue 10 (complaints) screens of each area. */
const complaintRoutes = (role: Role): RouteObject[] => {
  const page = (path: string, lazy: RouteObject['lazy'], titleKey: string, subtitleKey: string): RouteObject => ({
    path,
    lazy,
    handle: { titleKey, subtitleKey } satisfies RouteHandle,
  });
  if (role === 'admin') {
    const { client, consultant, edit } = paths.admin.complaints;
    return [
      page(client.path, adminClientComplaints, 'complaints.titles.adminClient', 'complaints.subtitles.admin'),
      page(consultant.path, adminConsultantComplaints, 'complaints.titles.adminConsultant', 'complaints.subtitles.admin'),
      page(edit.path, adminComplaint, 'complaints.titles.adminDetail', 'complaints.subtitles.admin'),
    ];
  }
  const area = paths[role];
  return [
    page(area.addComplaint.path, addComplaint, 'complaints.titles.add', 'complaints.subtitles.party'),
    page(area.complaintsByMe.path, complaintsByMe, 'complaints.titles.byMe', 'complaints.subtitles.party'),
    page(area.complaintsAgainst.path, complaintsAgainst, 'complaints.titles.against', 'complaints.subtitles.party'),
    page(area.complaint.path, partyComplaint, 'complaints.titles.detail', 'complaints.subtitles.party'),
  ];
};

const areaRoutes = (queryClient: QueryClient, role: Role): RouteObject => {
  const area = paths[role];
  const handle = (titleKey: string, subtitleKey: string): RouteHandle => ({ titleKey, subtitleKey });
  return {
    path: area.root.path,
    loader: requireSession(queryClient, role),
    lazy: areaLayout,
    children: [
      { index: true, element: <Navigate to={area.dashboard.getHref()} replace /> },
      { path: area.dashboard.path, lazy: dashboard, handle: handle('nav.dashboard', `dashboard.subtitle.${role}`) },
      {
        path: area.changePassword.path,
        lazy: changePassword,
        handle: handle('nav.changePassword', 'auth.change.subtitle'),
      },
      { path: area.security.path, lazy: security, handle: handle('nav.security', 'secondFactor.security.subtitle') },
      ...(role === 'admin' ? referenceRoutes() : []),
      ...(role === 'admin' ? adminPeopleRoutes() : []),
      ...(role === 'admin'
        ? [
            // spec §2 admin blog screens: add-blog, edit-blog/{id}, view-blog, view-trash-blog.
            ...screenRoutes(paths.admin.blog, adminBlog, 'adminBlog', () => 'adminBlog.subtitle'),
            // spec §2 admin quote screens: add-quote, edit-quote/{id}/{author_name}/{quote_title}, view-quote,
            // view-trash-quote.
            ...screenRoutes(paths.admin.quotes, adminQuotes, 'adminQuotes', () => 'adminQuotes.subtitle'),
            // spec §2 admin digital products: add-, edit-…/{id}, view-, view-trash-digital-product.
            ...screenRoutes(paths.admin.digitalProducts, adminProducts, 'adminProducts', () => 'adminProducts.subtitle'),
            // spec §2 admin terms and privacy screens (add, view, view-trash of each; the terms' trash is ours),
            // and our static pages' list and editor (issue 13).
            ...screenRoutes(paths.admin.site, adminSite, 'adminSite', (screen) => `adminSite.subtitles.${screen.split('.')[0]}`),
            // spec §2 admin websetting and the lists of people known by what they sent (issue 13).
            ...screenRoutes(paths.admin.lists, adminLists, 'adminLists', (screen) => `adminLists.subtitles.${screen}`),
          ]
        : []),
      ...(role === 'client'
        ? [
            { path: paths.client.favorite.path, lazy: favorite, handle: handle('favourites.title', 'favourites.subtitle') },
            ...clientFileRoutes(),
          ]
        : []),
      // spec §2 consultant routes my-profile and edit-account/* (plus our edit-account/bank-detail), and our
      // recommended products (issue 13).
      ...(role === 'consultant'
        ? [
            ...screenRoutes(paths.consultant.profile, consultantProfile, 'consultantProfile'),
            {
              path: paths.consultant.recommendedProducts.path,
              lazy: recommendedProducts,
              handle: handle('recommendedProducts.title', 'recommendedProducts.subtitle'),
            },
          ]
        : []),
      ...(role === 'client' || role === 'consultant'
        ? [{ path: paths[role].room.path, lazy: room, handle: handle('room.title', 'room.subtitle') }]
        : []),
      ...bookingRoutes(role),
      ...complaintRoutes(role),
      { path: '*', Component: NotFoundPage },
    ],
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

/** The whole route table (spec §2, DESIGN §6). Matching is case-insensitive (React Router's default). */
export const createRoutes = (queryClient: QueryClient): RouteObject[] =>
  withErrorBoundaries([
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: PageLoader,
      children: [
        {
          element: <PublicLayout newsletter={<LazyNewsletterForm />} />,
          children: [
            { index: true, Component: home.Component },
            contentRoute(paths.aboutUs.path, 'about-us'),
            contentRoute(paths.alternativeMedicine.path, 'alternative-medicine'),
            contentRoute(paths.sdgMedia.path, 'sdg-media'),
            contentRoute(paths.faq.path, 'faq'),
            contentRoute(paths.teamAndVision.path, 'team-and-vision'),
            contentRoute(paths.media.path, 'media'),
            { path: paths.ourExperts.path, Component: ourExperts.Component },
            { path: paths.expertDetails.path, lazy: expertDetails, loader: prefetchExpert(queryClient) },
            { path: paths.lifestyleProduct.path, lazy: lifestyle },
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
            ...each(paths.public.signIn.paths, { Component: chooseRole.Component }),
            ...each(paths.public.signUp.paths, { Component: chooseRole.Component }),
            ...ROLES.flatMap(authRoutes),
            ...SIGN_UP_ROLES.flatMap((role) => each(paths.public[role].signUp.paths, { Component: signUp.Component })),
            ...each(paths.public.page404.paths, { Component: NotFoundPage }),
            ...each(paths.public.page500.paths, { Component: ServerErrorPage }),
            { path: paths.notFound.path, Component: NotFoundPage },
          ],
        },
        ...ROLES.map((role) => areaRoutes(queryClient, role)),
      ],
    },
  ]);
