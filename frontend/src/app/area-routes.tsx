/**
 * The screens of each area (spec §2), loaded when someone first goes to that area
 * (`discoverAreaRoutes` in route-table.tsx): a visitor's first load carries none of them.
 * The area's root route (its guard, layout and index redirect) stays in the route table.
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import type { RouteHandle } from '@/components/layouts/route-handle';
import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import { room } from './lazy-routes';

const dashboard = () => import('./routes/area/dashboard');
const changePassword = () => import('./routes/area/change-password');
const security = () => import('./routes/area/security');
const myData = () => import('./routes/area/my-data');
const reference = () => import('./routes/admin/reference');
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

/** An area screen of its own lazy module, with its page header's title and subtitle. */
const page = (path: string, lazy: RouteObject['lazy'], titleKey: string, subtitleKey: string): RouteObject => ({
  path,
  lazy,
  handle: { titleKey, subtitleKey } satisfies RouteHandle,
});

/** spec §2 admin consultant, client and their profile pages, and the contact-us list. */
const adminPeopleRoutes = (): RouteObject[] => {
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

/** The children of `role`'s area route (its index redirect excepted). */
export const areaChildren = (role: Role): RouteObject[] => {
  const handle = (titleKey: string, subtitleKey: string): RouteHandle => ({ titleKey, subtitleKey });
  const area = paths[role];
  return [
      { path: area.dashboard.path, lazy: dashboard, handle: handle('nav.dashboard', `dashboard.subtitle.${role}`) },
      {
        path: area.changePassword.path,
        lazy: changePassword,
        handle: handle('nav.changePassword', 'auth.change.subtitle'),
      },
      { path: area.security.path, lazy: security, handle: handle('nav.security', 'secondFactor.security.subtitle') },
      // Ours (issue 14): « Mes données » (deleting the account; the other GDPR rights later).
      ...(role === 'client' || role === 'consultant'
        ? [page(paths[role].myData.path, myData, 'privacy.title', 'privacy.subtitle')]
        : []),
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
  ];
};
