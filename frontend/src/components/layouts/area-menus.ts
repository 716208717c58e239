import { paths } from '@/config/paths';
import type { Role } from '@/config/roles';
import type { IconName } from '../ui/icon';

export type MenuEntry = { to: string; labelKey: string; icon?: IconName };
/** A labelled, collapsible group of entries (admin top menu, spec §2). */
export type MenuGroup = {
  id: string;
  labelKey: string;
  icon?: IconName;
  entries: MenuEntry[];
  /** Route patterns that open the group besides its entries (edit pages). */
  activePatterns?: string[];
};
export type MenuItem = MenuEntry | MenuGroup;

export const isMenuGroup = (item: MenuItem): item is MenuGroup => 'entries' in item;

type ReferenceKey = keyof typeof paths.admin.reference;

/** add, view and trash of one reference list. */
const referenceEntries = (key: ReferenceKey): MenuEntry[] => {
  const set = paths.admin.reference[key];
  return [
    { to: set.add.getHref(), labelKey: `reference.sets.${key}.add` },
    { to: set.view.getHref(), labelKey: `reference.sets.${key}.view` },
    { to: set.trash.getHref(), labelKey: `reference.sets.${key}.trash` },
  ];
};

const referenceGroup = (key: ReferenceKey): MenuGroup => ({
  id: key,
  labelKey: `reference.sets.${key}.group`,
  entries: referenceEntries(key),
  activePatterns: [paths.admin.reference[key].edit.path],
});

/** One group per reference list; country and city share one (spec §2 "Menus and layout"). */
const adminReferenceGroups = (): MenuGroup[] => [
  referenceGroup('disorders'),
  referenceGroup('keywords'),
  referenceGroup('languages'),
  referenceGroup('nationality'),
  referenceGroup('objectives'),
  referenceGroup('specialization'),
  referenceGroup('complaintType'),
  {
    id: 'country-city',
    labelKey: 'reference.countryCityGroup',
    entries: [...referenceEntries('country'), ...referenceEntries('city')],
    activePatterns: [paths.admin.reference.country.edit.path, paths.admin.reference.city.edit.path],
  },
];

/**
 * The consultant's profile group: edit account (its sections open it too), view profile, and (ours, issue 13)
 * the products recommended on the public page.
 */
const consultantProfileGroup = (): MenuGroup => ({
  id: 'consultant-profile',
  labelKey: 'consultantProfile.menu.group',
  entries: [
    { to: paths.consultant.profile.editAccount.getHref(), labelKey: 'consultantProfile.menu.editAccount' },
    { to: paths.consultant.profile.myProfile.getHref(), labelKey: 'consultantProfile.menu.viewProfile' },
    { to: paths.consultant.recommendedProducts.getHref(), labelKey: 'consultantProfile.menu.recommendedProducts' },
  ],
  activePatterns: [`${paths.consultant.profile.editAccount.path}/*`],
});

/**
 * spec §2 admin top menu: the Medicine group (Consultant, Client, All Booking, Privacy Policy Page,
 * Terms&Condition Page, Web Setting Page; ours: the static pages).
 */
const adminMedicineGroup = (): MenuGroup => ({
  id: 'medicine',
  labelKey: 'adminConsultants.menu.medicine',
  icon: 'users',
  entries: [
    { to: paths.admin.consultants.list.getHref(), labelKey: 'adminConsultants.menu.consultants' },
    { to: paths.admin.clients.list.getHref(), labelKey: 'adminClients.menu' },
    { to: paths.admin.allBooking.getHref(), labelKey: 'adminBookings.menu' },
    { to: paths.admin.site['privacy.view'].getHref(), labelKey: 'adminSite.menu.privacy' },
    { to: paths.admin.site['terms.view'].getHref(), labelKey: 'adminSite.menu.terms' },
    { to: paths.admin.site['pages.list'].getHref(), labelKey: 'adminSite.menu.pages' },
    { to: paths.admin.lists.webSetting.getHref(), labelKey: 'adminLists.menu.webSetting' },
  ],
  activePatterns: [
    paths.admin.consultants.profile.path,
    paths.admin.clients.profile.path,
    paths.admin.bookingDetail.path,
    // The legal texts' add and trash screens, a page's editor.
    ...Object.values(paths.admin.site).map((screen) => screen.path),
  ],
});

/** Our admin coupons group (booking issue): create and list. */
const adminCouponGroup = (): MenuGroup => ({
  id: 'coupons',
  labelKey: 'coupons.menu.group',
  entries: [
    { to: paths.admin.addCoupon.getHref(), labelKey: 'coupons.menu.add' },
    { to: paths.admin.viewCoupon.getHref(), labelKey: 'coupons.menu.view' },
  ],
});

/** spec §2 main groups' complaint entries: add complaint, complaints by me, complaints against me. */
const complaintEntries = (role: 'client' | 'consultant'): MenuEntry[] => [
  { to: paths[role].addComplaint.getHref(), labelKey: 'complaints.menu.add' },
  { to: paths[role].complaintsByMe.getHref(), labelKey: 'complaints.menu.byMe' },
  { to: paths[role].complaintsAgainst.getHref(), labelKey: 'complaints.menu.against' },
];

/** spec §2 admin top menu's Complaint group: the clients' and the consultants' complaints. */
const adminComplaintGroup = (): MenuGroup => ({
  id: 'complaints',
  labelKey: 'complaints.menu.group',
  entries: [
    { to: paths.admin.complaints.client.getHref(), labelKey: 'complaints.menu.adminClient' },
    { to: paths.admin.complaints.consultant.getHref(), labelKey: 'complaints.menu.adminConsultant' },
  ],
  activePatterns: [paths.admin.complaints.edit.path],
});

/** spec §2 admin blog screens: add, list and trash (the edit page opens the group too). */
const adminBlogGroup = (): MenuGroup => ({
  id: 'blog',
  labelKey: 'adminBlog.menu.group',
  entries: [
    { to: paths.admin.blog.add.getHref(), labelKey: 'adminBlog.menu.add' },
    { to: paths.admin.blog.view.getHref(), labelKey: 'adminBlog.menu.view' },
    { to: paths.admin.blog.trash.getHref(), labelKey: 'adminBlog.menu.trash' },
  ],
  activePatterns: [paths.admin.blog.edit.path],
});

/** spec §2 admin quote screens: add, list and trash (the edit page opens the group too). */
const adminQuoteGroup = (): MenuGroup => ({
  id: 'quotes',
  labelKey: 'adminQuotes.menu.group',
  entries: [
    { to: paths.admin.quotes.add.getHref(), labelKey: 'adminQuotes.menu.add' },
    { to: paths.admin.quotes.view.getHref(), labelKey: 'adminQuotes.menu.view' },
    { to: paths.admin.quotes.trash.getHref(), labelKey: 'adminQuotes.menu.trash' },
  ],
  activePatterns: [paths.admin.quotes.edit.path],
});

/**
 * spec §2 admin top menu's Digital Product group: add, list and trash (the edit page opens the group too);
 * ours (issue 13): the lifestyle catalogue's benefit labels, a reference list (its add, edit and trash
 * screens open the group too).
 */
const adminDigitalProductGroup = (): MenuGroup => {
  const benefits = paths.admin.reference.benefits;
  return {
    id: 'digital-products',
    labelKey: 'adminProducts.menu.group',
    entries: [
      { to: paths.admin.digitalProducts.add.getHref(), labelKey: 'adminProducts.menu.add' },
      { to: paths.admin.digitalProducts.view.getHref(), labelKey: 'adminProducts.menu.view' },
      { to: paths.admin.digitalProducts.trash.getHref(), labelKey: 'adminProducts.menu.trash' },
      { to: benefits.view.getHref(), labelKey: 'reference.sets.benefits.group' },
    ],
    activePatterns: [paths.admin.digitalProducts.edit.path, benefits.add.path, benefits.edit.path, benefits.trash.path],
  };
};

/**
 * spec §2 admin top menu's User Waiting List group: the waiting list, the contact-us list, the
 * starter-kit requests; ours: the newsletter's subscribers.
 */
const adminWaitingListGroup = (): MenuGroup => ({
  id: 'waiting-list',
  labelKey: 'adminContact.menu.group',
  entries: [
    { to: paths.admin.lists.waitingList.getHref(), labelKey: 'adminLists.menu.waitingList' },
    { to: paths.admin.contactUsList.getHref(), labelKey: 'adminContact.menu.contactUs' },
    { to: paths.admin.lists.starterKits.getHref(), labelKey: 'adminLists.menu.starterKits' },
    { to: paths.admin.lists.newsletter.getHref(), labelKey: 'adminLists.menu.newsletter' },
  ],
});

/** spec §2 consultant main group: timings, bookings and complaints. */
const consultantMainGroup = (): MenuGroup => ({
  id: 'consultant-main',
  labelKey: 'bookings.menuGroup',
  entries: [
    { to: paths.consultant.addTiming.getHref(), labelKey: 'timings.menu' },
    { to: paths.consultant.myBooking.getHref(), labelKey: 'bookings.menu' },
    ...complaintEntries('consultant'),
  ],
  activePatterns: [paths.consultant.addNote.path, paths.consultant.complaint.path],
});

/** spec §2 client main group: my booking and favourites (the other entries come with their pages). */
const clientMainGroup = (): MenuGroup => ({
  id: 'client-main',
  labelKey: 'bookings.menuGroup',
  entries: [
    { to: paths.client.consentFormDoc.getHref(), labelKey: 'clientFile.menu.consentForm' },
    { to: paths.client.healthAssessmentDoc.getHref(), labelKey: 'clientFile.menu.healthAssessment' },
    { to: paths.client.myBooking.getHref(), labelKey: 'bookings.menu' },
    { to: paths.client.favorite.getHref(), labelKey: 'favourites.menu' },
    ...complaintEntries('client'),
    { to: paths.client.generalInfo.getHref(), labelKey: 'clientFile.menu.generalInfo' },
  ],
  activePatterns: [paths.client.complaint.path],
});

/**
 * Area menus (spec §2 "Menus and layout"), holding only pages that exist now;
 * later issues add their entries here as their pages land.
 */
export const areaMenu = (role: Role): MenuItem[] => [
  { to: paths[role].dashboard.getHref(), labelKey: 'nav.dashboard', icon: 'dashboard' },
  ...(role === 'admin' ? [
          adminMedicineGroup(),
          ...adminReferenceGroups(),
          adminComplaintGroup(),
          adminBlogGroup(),
          adminQuoteGroup(),
          adminDigitalProductGroup(),
          adminWaitingListGroup(),
          adminCouponGroup(),
        ] : []),
  ...(role === 'client' ? [clientMainGroup()] : []),
  ...(role === 'consultant' ? [consultantProfileGroup(), consultantMainGroup()] : []),
  { to: paths[role].changePassword.getHref(), labelKey: 'nav.changePassword', icon: 'lock' },
  { to: paths[role].security.getHref(), labelKey: 'nav.security', icon: 'shield' },
  // Ours (issue 14): the account holder's personal data (deleting the account).
  ...(role === 'client' || role === 'consultant'
    ? [{ to: paths[role].myData.getHref(), labelKey: 'privacy.title', icon: 'data' } satisfies MenuEntry]
    : []),
];
