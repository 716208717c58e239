import type { Role, SignUpRole } from './roles';

/**
 * Every route path of the SPA, in one object (spec §2, DESIGN §6).
 * `path` is the pattern given to React Router; `getHref` builds a link.
 * Matching is case-insensitive (React Router's default).
 */

const enc = encodeURIComponent;

/** A page without parameters. */
const fixed = (path: string) => ({ path, getHref: () => path });

/** A page of one entity: `{base}/:{name}` (`:id` by default), linked with the entity's key. */
const withParam = (base: string, name = 'id') => ({
  path: `${base}/:${name}`,
  getHref: (value: string) => `${base}/${enc(value)}`,
});

/** A page of a role answering under `/public/{role}/` and `/{role}/`, linked with the first. */
const rolePage = (role: Role, name: string) => ({
  paths: [`/public/${role}/${name}`, `/${role}/${name}`],
  getHref: () => `/public/${role}/${name}`,
});

const authPages = (role: Role) => ({
  signIn: rolePage(role, 'sign-in'),
  forgetPassword: rolePage(role, 'forget-password'),
  verify: {
    ...rolePage(role, 'verify/:token/:email'),
    getHref: (token: string, email: string) => `/public/${role}/verify/${enc(token)}/${enc(email)}`,
  },
});

const signUpPage = (role: SignUpRole) => rolePage(role, 'sign-up');

const area = (role: Role) => ({
  root: fixed(`/${role}`),
  dashboard: fixed(`/${role}/dashboard`),
  changePassword: fixed(`/${role}/change-password`),
  /** Ours: the second factor (docs/api.md "Second factor"), next to the password. */
  security: fixed(`/${role}/security`),
});

/**
 * Admin screens of one reference list (spec §2): add, edit, view and view-trash.
 * `slug` is the spec's spelling; `editSlug` differs only for ComplaintType.
 * Country and city edit pages carry no name segment.
 */
const referenceSet = (slug: string, editSlug = slug, nameInEdit = true) => {
  const edit = `/admin/edit-${editSlug}/`;
  return {
    add: fixed(`/admin/add-${slug}`),
    edit: {
      path: `${edit}:id${nameInEdit ? '/:name' : ''}`,
      getHref: (id: string, name: string) => edit + enc(id) + (nameInEdit ? `/${enc(name)}` : ''),
    },
    view: fixed(`/admin/view-${editSlug}`),
    trash: fixed(`/admin/view-trash-${editSlug}`),
  };
};

/** Lists whose four screens all use their key as slug, with a name segment in the edit page. */
const referenceSets = <K extends string>(...keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, referenceSet(key)])) as Record<K, ReturnType<typeof referenceSet>>;

/** Consultant profile screens (spec §2 consultant routes; `bank-detail` is ours: the spec names a bank section but no route). */
const consultantProfile = () => {
  const account = '/consultant/edit-account';
  return {
    myProfile: fixed('/consultant/my-profile'),
    editAccount: fixed(account),
    basicProfile: fixed(`${account}/basic-profile`),
    addressDetail: fixed(`${account}/address-detail`),
    educationDetail: fixed(`${account}/education-detail`),
    profileDetail: fixed(`${account}/profile-detail`),
    document: fixed(`${account}/document`),
    bankDetail: fixed(`${account}/bank-detail`),
    /** The spec's certificate section: the same list as `all-certificate`. */
    certificateDetail: fixed(`${account}/certificate-detail`),
    allCertificates: fixed(`${account}/certificate-detail/all-certificate`),
    editCertificate: withParam(`${account}/certificate-detail/edit`),
    addCertificate: fixed(`${account}/add-certificate`),
  };
};

/** spec §2 client and consultant complaint screens; the detail page `complaint/{id}` is ours. */
const complaintPages = (role: 'client' | 'consultant') => ({
  addComplaint: {
    path: `/${role}/add-complaint`,
    getHref: (bookingId?: string) => `/${role}/add-complaint${bookingId ? `?booking=${enc(bookingId)}` : ''}`,
  },
  complaintsByMe: fixed(`/${role}/view-complaint-by-me`),
  complaintsAgainst: fixed(`/${role}/view-complaint-against`),
  complaint: withParam(`/${role}/complaint`),
});

/**
 * Ours (issue 14, GDPR): the account holder's « Mes données » page (deleting the account now; downloading the
 * data, who saw the health data and the consents later).
 */
const privacyPages = (role: 'client' | 'consultant') => ({
  myData: fixed(`/${role}/my-data`),
});

const legalHref = (path: string, version?: string) => (version ? `${path}?version=${enc(version)}` : path);

export const paths = {
  home: fixed('/'),
  aboutUs: fixed('/about-us'),
  alternativeMedicine: fixed('/alternative-medicine'),
  sdgMedia: fixed('/sdg-media'),
  /** Ours (the public footer's FAQ, team and vision, media; issue 13): static pages like the three above. */
  faq: fixed('/faq'),
  teamAndVision: fixed('/team-and-vision'),
  media: fixed('/media'),
  ourExperts: {
    path: '/our-experts/:search?',
    getHref: (search?: string) => (search ? `/our-experts/${enc(search)}` : '/our-experts'),
  },
  expertDetails: withParam('/our-experts/details'),
  lifestyleProduct: fixed('/lifestyle-product'),
  /** The terms and privacy policy in force, or `?version=` one of their versions. */
  termsConditions: { path: '/terms-conditions', getHref: (version?: string) => legalHref('/terms-conditions', version) },
  privacyPolicy: { path: '/privacy-policy', getHref: (version?: string) => legalHref('/privacy-policy', version) },
  /** The booking page; `?booking={id}` resumes the payment of that held booking (same slot). */
  booking: {
    path: '/booking/:token',
    getHref: (token: string, bookingId?: string) =>
      `/booking/${enc(token)}${bookingId ? `?booking=${enc(bookingId)}` : ''}`,
  },
  chatRoom: withParam('/chat-room', 'roomid'),
  contactUs: fixed('/contact-us'),
  /** Ours (the public header's Blog, issue 13): the published posts, `?tag=` and `?page=` in the address. */
  blog: {
    path: '/blog',
    getHref: (tag?: string) => (tag ? `/blog?tag=${enc(tag)}` : '/blog'),
  },
  blogPost: withParam('/blog', 'slug'),
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
    favorite: fixed('/client/favorite'),
    room: withParam('/client/room', 'roomid'),
    /** The client's file (spec §2): the consent form, the health assessment's document and form, general info. */
    consentFormDoc: fixed('/client/consent-form-doc'),
    healthAssessmentDoc: fixed('/client/health-assessment-doc'),
    /** The spec's spelling: the form (the `-doc` page is its read-only document). */
    healthAssessment: fixed('/client/health-assesment'),
    generalInfo: fixed('/client/general-info'),
    myBooking: fixed('/client/my-booking'),
    ...complaintPages('client'),
    ...privacyPages('client'),
  },
  consultant: {
    ...area('consultant'),
    profile: consultantProfile(),
    /** Ours (issue 13): the catalogue's products the expert recommends on their public page. */
    recommendedProducts: fixed('/consultant/recommended-products'),
    addTiming: fixed('/consultant/add-timing'),
    myBooking: fixed('/consultant/my-booking'),
    /** spec §2 `my-booking/add-note/{sessionId?}/{clientId?}`. */
    addNote: {
      path: '/consultant/my-booking/add-note/:sessionId?/:clientId?',
      getHref: (sessionId?: string, clientId?: string) =>
        ['/consultant/my-booking/add-note', sessionId, clientId]
          .filter((part): part is string => Boolean(part))
          .map((part, i) => (i === 0 ? part : enc(part)))
          .join('/'),
    },
    room: withParam('/consultant/room', 'roomid'),
    ...complaintPages('consultant'),
    ...privacyPages('consultant'),
  },
  admin: {
    ...area('admin'),
    consultants: {
      list: fixed('/admin/consultant'),
      profile: withParam('/admin/consultant/consultant-profile'),
    },
    clients: {
      list: fixed('/admin/client'),
      profile: withParam('/admin/client/client-profile'),
    },
    /** spec §2 `all-booking`; the booking detail page and the coupon screens are ours. */
    allBooking: fixed('/admin/all-booking'),
    bookingDetail: withParam('/admin/all-booking'),
    addCoupon: fixed('/admin/add-coupon'),
    viewCoupon: fixed('/admin/view-coupon'),
    /** spec §2 admin `view-complaint-client`, `view-complaint-consultant` and `edit-complaint/{id}`. */
    complaints: {
      client: fixed('/admin/view-complaint-client'),
      consultant: fixed('/admin/view-complaint-consultant'),
      edit: withParam('/admin/edit-complaint'),
    },
    /** spec §2 admin blog screens: add-blog, edit-blog/{id}, view-blog, view-trash-blog. */
    blog: {
      add: fixed('/admin/add-blog'),
      edit: withParam('/admin/edit-blog'),
      view: fixed('/admin/view-blog'),
      trash: fixed('/admin/view-trash-blog'),
    },
    /**
     * spec §2 admin quote screens: add-quote, edit-quote/{id}/{author_name}/{quote_title}, view-quote,
     * view-trash-quote. The edit page reads the quote by its id; the author and title are only for the address.
     */
    /** spec §2 admin digital products (issue 13). */
    digitalProducts: {
      add: fixed('/admin/add-digital-product'),
      edit: withParam('/admin/edit-digital-product'),
      view: fixed('/admin/view-digital-product'),
      trash: fixed('/admin/view-trash-digital-product'),
      // Ours (issue 13): the lifestyle catalogue's editors, in the same chunk.
      catalogue: fixed('/admin/lifestyle-products'),
      catalogueAdd: fixed('/admin/add-lifestyle-product'),
      catalogueEdit: withParam('/admin/edit-lifestyle-product'),
      catalogueTrash: fixed('/admin/view-trash-lifestyle-product'),
    },
    quotes: {
      add: fixed('/admin/add-quote'),
      edit: {
        path: '/admin/edit-quote/:id/:author_name/:quote_title',
        getHref: (id: string, authorName: string, quoteTitle: string) =>
          `/admin/edit-quote/${enc(id)}/${enc(authorName)}/${enc(quoteTitle)}`,
      },
      view: fixed('/admin/view-quote'),
      trash: fixed('/admin/view-trash-quote'),
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
      'pages.edit': withParam('/admin/edit-site-page', 'key'),
    },
    /** spec §2 admin `view-contact-us-list`: the messages sent from the public contact form. */
    contactUsList: fixed('/admin/view-contact-us-list'),
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
    /** The reference lists (spec §2); ours (issue 13): `benefits`, the lifestyle catalogue's benefit labels. */
    reference: {
      ...referenceSets('disorders', 'keywords', 'languages', 'nationality', 'objectives', 'specialization', 'benefits'),
      complaintType: referenceSet('complaintType', 'ComplaintType'),
      country: referenceSet('country', 'country', false),
      city: referenceSet('city', 'city', false),
    },
  },

  notFound: { path: '*' },
} as const;

export const authPaths = (role: Role) => paths.public[role];
export const areaPaths = (role: Role) => paths[role];
