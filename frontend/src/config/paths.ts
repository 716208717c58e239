import type { Role, SignUpRole } from './roles';

/**
 * Every route path of the SPA, in one object (spec §2, DESIGN §6).
 * `path` is the pattern given to React Router; `getHref` builds a link.
 * Matching is case-insensitive (React Router's default).
 */

const enc = encodeURIComponent;

const authPages = (role: Role) => {
  const base = `/public/${role}`;
  return {
    signIn: {
      paths: [`${base}/sign-in`, `/${role}/sign-in`],
      getHref: () => `${base}/sign-in`,
    },
    forgetPassword: {
      paths: [`${base}/forget-password`, `/${role}/forget-password`],
      getHref: () => `${base}/forget-password`,
    },
    verify: {
      paths: [`${base}/verify/:token/:email`, `/${role}/verify/:token/:email`],
      getHref: (token: string, email: string) => `${base}/verify/${enc(token)}/${enc(email)}`,
    },
  };
};

const signUpPage = (role: SignUpRole) => ({
  paths: [`/public/${role}/sign-up`, `/${role}/sign-up`],
  getHref: () => `/public/${role}/sign-up`,
});

const area = (role: Role) => ({
  root: { path: `/${role}`, getHref: () => `/${role}` },
  dashboard: { path: `/${role}/dashboard`, getHref: () => `/${role}/dashboard` },
  changePassword: { path: `/${role}/change-password`, getHref: () => `/${role}/change-password` },
  /** Ours: the second factor (docs/api.md "Second factor"), next to the password. */
  security: { path: `/${role}/security`, getHref: () => `/${role}/security` },
});

/**
 * Admin screens of one reference list (spec §2): add, edit, view and view-trash.
 * `slug` is the spec's spelling; `editSlug` differs only for ComplaintType.
 * Country and city edit pages carry no name segment.
 */
const referenceSet = (slug: string, options: { editSlug?: string; nameInEdit?: boolean } = {}) => {
  const editSlug = options.editSlug ?? slug;
  const nameInEdit = options.nameInEdit ?? true;
  return {
    add: { path: `/admin/add-${slug}`, getHref: () => `/admin/add-${slug}` },
    edit: {
      path: nameInEdit ? `/admin/edit-${editSlug}/:id/:name` : `/admin/edit-${editSlug}/:id`,
      getHref: (id: string, name: string) =>
        nameInEdit ? `/admin/edit-${editSlug}/${enc(id)}/${enc(name)}` : `/admin/edit-${editSlug}/${enc(id)}`,
    },
    view: { path: `/admin/view-${editSlug}`, getHref: () => `/admin/view-${editSlug}` },
    trash: { path: `/admin/view-trash-${editSlug}`, getHref: () => `/admin/view-trash-${editSlug}` },
  };
};

/** Consultant profile screens (spec §2 consultant routes; `bank-detail` is ours: the spec names a bank section but no route). */
const consultantProfile = () => {
  const account = '/consultant/edit-account';
  const page = (path: string) => ({ path, getHref: () => path });
  return {
    myProfile: page('/consultant/my-profile'),
    editAccount: page(account),
    basicProfile: page(`${account}/basic-profile`),
    addressDetail: page(`${account}/address-detail`),
    educationDetail: page(`${account}/education-detail`),
    profileDetail: page(`${account}/profile-detail`),
    document: page(`${account}/document`),
    bankDetail: page(`${account}/bank-detail`),
    /** The spec's certificate section: the same list as `all-certificate`. */
    certificateDetail: page(`${account}/certificate-detail`),
    allCertificates: page(`${account}/certificate-detail/all-certificate`),
    editCertificate: {
      path: `${account}/certificate-detail/edit/:id`,
      getHref: (id: string) => `${account}/certificate-detail/edit/${enc(id)}`,
    },
    addCertificate: page(`${account}/add-certificate`),
  };
};

/** spec §2 client and consultant complaint screens; the detail page `complaint/{id}` is ours. */
const complaintPages = (role: 'client' | 'consultant') => ({
  addComplaint: {
    path: `/${role}/add-complaint`,
    getHref: (bookingId?: string) => `/${role}/add-complaint${bookingId ? `?booking=${enc(bookingId)}` : ''}`,
  },
  complaintsByMe: { path: `/${role}/view-complaint-by-me`, getHref: () => `/${role}/view-complaint-by-me` },
  complaintsAgainst: { path: `/${role}/view-complaint-against`, getHref: () => `/${role}/view-complaint-against` },
  complaint: { path: `/${role}/complaint/:id`, getHref: (id: string) => `/${role}/complaint/${enc(id)}` },
});

const legalHref = (path: string, version?: string) => (version ? `${path}?version=${enc(version)}` : path);

/** A page without parameters. */
const fixed = (path: string) => ({ path, getHref: () => path });

export const paths = {
  home: { path: '/', getHref: () => '/' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  alternativeMedicine: { path: '/alternative-medicine', getHref: () => '/alternative-medicine' },
  sdgMedia: { path: '/sdg-media', getHref: () => '/sdg-media' },
  /** Ours (the public footer's FAQ, team and vision, media; issue 13): static pages like the three above. */
  faq: fixed('/faq'),
  teamAndVision: fixed('/team-and-vision'),
  media: fixed('/media'),
  ourExperts: {
    path: '/our-experts/:search?',
    getHref: (search?: string) => (search ? `/our-experts/${enc(search)}` : '/our-experts'),
  },
  expertDetails: {
    path: '/our-experts/details/:id',
    getHref: (id: string) => `/our-experts/details/${enc(id)}`,
  },
  lifestyleProduct: { path: '/lifestyle-product', getHref: () => '/lifestyle-product' },
  /** The terms and privacy policy in force, or `?version=` one of their versions. */
  termsConditions: { path: '/terms-conditions', getHref: (version?: string) => legalHref('/terms-conditions', version) },
  privacyPolicy: { path: '/privacy-policy', getHref: (version?: string) => legalHref('/privacy-policy', version) },
  /** The booking page; `?booking={id}` resumes the payment of that held booking (same slot). */
  booking: {
    path: '/booking/:token',
    getHref: (token: string, bookingId?: string) =>
      `/booking/${enc(token)}${bookingId ? `?booking=${enc(bookingId)}` : ''}`,
  },
  chatRoom: { path: '/chat-room/:roomid', getHref: (roomId: string) => `/chat-room/${enc(roomId)}` },
  contactUs: { path: '/contact-us', getHref: () => '/contact-us' },
  /** Ours (the public header's Blog, issue 13): the published posts, `?tag=` and `?page=` in the address. */
  blog: {
    path: '/blog',
    getHref: (tag?: string) => (tag ? `/blog?tag=${enc(tag)}` : '/blog'),
  },
  blogPost: { path: '/blog/:slug', getHref: (slug: string) => `/blog/${enc(slug)}` },
  /** Ours (issue 13): the newsletter's confirm and unsubscribe links, the waiting list's leave link (mails). */
  newsletterConfirm: { path: '/newsletter/confirm/:key/:token' },
  newsletterUnsubscribe: { path: '/newsletter/unsubscribe/:key/:token' },
  waitingListLeave: { path: '/waiting-list/leave/:entryId/:token' },
  /** The home page section reached from the public header. */
  homeSection: { getHref: (id: 'team') => `/#${id}` },

  public: {
    signIn: { paths: ['/public/sign-in', '/sign-in'], getHref: () => '/sign-in' },
    signUp: { paths: ['/public/sign-up', '/sign-up'], getHref: () => '/sign-up' },
    page404: { paths: ['/public/page-404', '/page-404'], getHref: () => '/public/page-404' },
    page500: { paths: ['/public/page-500', '/page-500'], getHref: () => '/public/page-500' },
    /** Anything else under /public/ is a not-found page. */
    rest: { path: '/public/*' },
    client: { ...authPages('client'), signUp: signUpPage('client') },
    consultant: { ...authPages('consultant'), signUp: signUpPage('consultant') },
    admin: authPages('admin'),
  },

  client: {
    ...area('client'),
    favorite: { path: '/client/favorite', getHref: () => '/client/favorite' },
    room: { path: '/client/room/:roomid', getHref: (roomId: string) => `/client/room/${enc(roomId)}` },
    /** The client's file (spec §2): the consent form, the health assessment's document and form, general info. */
    consentFormDoc: { path: '/client/consent-form-doc', getHref: () => '/client/consent-form-doc' },
    healthAssessmentDoc: { path: '/client/health-assessment-doc', getHref: () => '/client/health-assessment-doc' },
    /** The spec's spelling: the form (the `-doc` page is its read-only document). */
    healthAssessment: { path: '/client/health-assesment', getHref: () => '/client/health-assesment' },
    generalInfo: { path: '/client/general-info', getHref: () => '/client/general-info' },
    myBooking: { path: '/client/my-booking', getHref: () => '/client/my-booking' },
    ...complaintPages('client'),
  },
  consultant: {
    ...area('consultant'),
    profile: consultantProfile(),
    addTiming: { path: '/consultant/add-timing', getHref: () => '/consultant/add-timing' },
    myBooking: { path: '/consultant/my-booking', getHref: () => '/consultant/my-booking' },
    /** spec §2 `my-booking/add-note/{sessionId?}/{clientId?}`. */
    addNote: {
      path: '/consultant/my-booking/add-note/:sessionId?/:clientId?',
      getHref: (sessionId?: string, clientId?: string) =>
        ['/consultant/my-booking/add-note', sessionId, clientId]
          .filter((part): part is string => Boolean(part))
          .map((part, i) => (i === 0 ? part : enc(part)))
          .join('/'),
    },
    room: { path: '/consultant/room/:roomid', getHref: (roomId: string) => `/consultant/room/${enc(roomId)}` },
    ...complaintPages('consultant'),
  },
  admin: {
    ...area('admin'),
    consultants: {
      list: { path: '/admin/consultant', getHref: () => '/admin/consultant' },
      profile: {
        path: '/admin/consultant/consultant-profile/:id',
        getHref: (id: string) => `/admin/consultant/consultant-profile/${enc(id)}`,
      },
    },
    clients: {
      list: { path: '/admin/client', getHref: () => '/admin/client' },
      profile: {
        path: '/admin/client/client-profile/:id',
        getHref: (id: string) => `/admin/client/client-profile/${enc(id)}`,
      },
    },
    /** spec §2 `all-booking`; the booking detail page and the coupon screens are ours. */
    allBooking: { path: '/admin/all-booking', getHref: () => '/admin/all-booking' },
    bookingDetail: { path: '/admin/all-booking/:id', getHref: (id: string) => `/admin/all-booking/${enc(id)}` },
    addCoupon: { path: '/admin/add-coupon', getHref: () => '/admin/add-coupon' },
    viewCoupon: { path: '/admin/view-coupon', getHref: () => '/admin/view-coupon' },
    /** spec §2 admin `view-complaint-client`, `view-complaint-consultant` and `edit-complaint/{id}`. */
    complaints: {
      client: { path: '/admin/view-complaint-client', getHref: () => '/admin/view-complaint-client' },
      consultant: { path: '/admin/view-complaint-consultant', getHref: () => '/admin/view-complaint-consultant' },
      edit: { path: '/admin/edit-complaint/:id', getHref: (id: string) => `/admin/edit-complaint/${enc(id)}` },
    },
    /** spec §2 admin blog screens: add-blog, edit-blog/{id}, view-blog, view-trash-blog. */
    blog: {
      add: { path: '/admin/add-blog', getHref: () => '/admin/add-blog' },
      edit: { path: '/admin/edit-blog/:id', getHref: (id: string) => `/admin/edit-blog/${enc(id)}` },
      view: { path: '/admin/view-blog', getHref: () => '/admin/view-blog' },
      trash: { path: '/admin/view-trash-blog', getHref: () => '/admin/view-trash-blog' },
    },
    /**
     * spec §2 admin quote screens: add-quote, edit-quote/{id}/{author_name}/{quote_title}, view-quote,
     * view-trash-quote. The edit page reads the quote by its id; the author and title are only for the address.
     */
    /** spec §2 admin digital products (issue 13). */
    digitalProducts: {
      add: fixed('/admin/add-digital-product'),
      edit: { path: '/admin/edit-digital-product/:id', getHref: (id: string) => `/admin/edit-digital-product/${enc(id)}` },
      view: fixed('/admin/view-digital-product'),
      trash: fixed('/admin/view-trash-digital-product'),
      // Ours (issue 13): the lifestyle catalogue's editors, in the same chunk.
      catalogue: fixed('/admin/lifestyle-products'),
      catalogueAdd: fixed('/admin/add-lifestyle-product'),
      catalogueEdit: { path: '/admin/edit-lifestyle-product/:id', getHref: (id: string) => `/admin/edit-lifestyle-product/${enc(id)}` },
      catalogueTrash: fixed('/admin/view-trash-lifestyle-product'),
    },
    quotes: {
      add: { path: '/admin/add-quote', getHref: () => '/admin/add-quote' },
      edit: {
        path: '/admin/edit-quote/:id/:author_name/:quote_title',
        getHref: (id: string, authorName: string, quoteTitle: string) =>
          `/admin/edit-quote/${enc(id)}/${enc(authorName)}/${enc(quoteTitle)}`,
      },
      view: { path: '/admin/view-quote', getHref: () => '/admin/view-quote' },
      trash: { path: '/admin/view-trash-quote', getHref: () => '/admin/view-trash-quote' },
    },
    /**
     * spec §2 admin terms and privacy policy screens: add a version, the versions, their trash
     * (`view-trash-terms-condition` is ours, the privacy policy's twin); ours (issue 13): the static
     * pages and the disclaimer, and the editor of one.
     */
    site: {
      'terms.add': fixed('/admin/add-terms-condition'),
      'terms.view': fixed('/admin/view-terms-condition'),
      'terms.trash': fixed('/admin/view-trash-terms-condition'),
      'privacy.add': fixed('/admin/add-privacy-policy'),
      'privacy.view': fixed('/admin/view-privacy-policy'),
      'privacy.trash': fixed('/admin/view-trash-privacy-policy'),
      'pages.list': fixed('/admin/site-pages'),
      'pages.edit': { path: '/admin/edit-site-page/:key', getHref: (key: string) => `/admin/edit-site-page/${enc(key)}` },
    },
    /** spec §2 admin `view-contact-us-list`: the messages sent from the public contact form. */
    contactUsList: { path: '/admin/view-contact-us-list', getHref: () => '/admin/view-contact-us-list' },
    /**
     * spec §2 admin `websetting`, `view-user-waiting-list`, `view-user-starter-kit-requests`; ours (issue 13):
     * the newsletter's subscribers.
     */
    lists: {
      webSetting: fixed('/admin/websetting'),
      waitingList: fixed('/admin/view-user-waiting-list'),
      starterKits: fixed('/admin/view-user-starter-kit-requests'),
      newsletter: fixed('/admin/view-newsletter-subscribers'),
    },
    reference: {
      disorders: referenceSet('disorders'),
      keywords: referenceSet('keywords'),
      languages: referenceSet('languages'),
      nationality: referenceSet('nationality'),
      objectives: referenceSet('objectives'),
      specialization: referenceSet('specialization'),
      complaintType: referenceSet('complaintType', { editSlug: 'ComplaintType' }),
      country: referenceSet('country', { nameInEdit: false }),
      city: referenceSet('city', { nameInEdit: false }),
    },
  },

  notFound: { path: '*' },
} as const;

export const authPaths = (role: Role) => paths.public[role];
export const areaPaths = (role: Role) => paths[role];
