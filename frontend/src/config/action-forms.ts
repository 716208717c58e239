/**
 * Every action of the app that sends a request (a mutation hook), with the screen that offers it and
 * how its answer is shown (issue 12 "Every action answered"). src/app/action-feedback.test.tsx checks
 * that every mutation hook of src/ is listed here, and walks each `walked` form: the button is
 * disabled and `aria-busy` while the request runs, a success message appears in a `role="status"`
 * region, a refusal in a `role="alert"` one (or on the field). Entries not walked yet name the test
 * that asserts their feedback today (`coveredBy`).
 */
export type ActionForm = {
  id: string;
  area: 'public' | 'client' | 'consultant' | 'admin';
  /** A path that shows the form. */
  href: string;
  /** The mutation hooks the form calls. */
  hooks: readonly string[];
  /** What the person sees on success. */
  feedback: string;
  /** Walked by the shared test, or the test file (under src/) that asserts its feedback. */
  walked: boolean;
  coveredBy?: string;
};

export const ACTION_FORMS: readonly ActionForm[] = [
  { id: 'public.forgot-password', area: 'public', href: '/public/consultant/forget-password', hooks: ['useForgotPassword'], feedback: 'neutral confirmation (status)', walked: true },
  { id: 'public.reset-password', area: 'public', href: '/client/verify/:token/:email', hooks: ['useResetPassword'], feedback: 'toast, then the sign-in page', walked: false, coveredBy: 'features/auth/components/auth-forms.test.tsx' },
  { id: 'public.sign-in', area: 'public', href: '/public/client/sign-in', hooks: ['useSignIn'], feedback: 'the area opens; refusal on the form', walked: false, coveredBy: 'features/second-factor/components/sign-in-second-factor.test.tsx' },
  { id: 'public.contact', area: 'public', href: '/contact-us', hooks: ['useSendContactMessage'], feedback: 'confirmation in place of the form (status); field errors on the fields, a refusal as alert', walked: true },
  { id: 'public.newsletter', area: 'public', href: '/', hooks: ['useSubscribeNewsletter', 'useConfirmNewsletter', 'useUnsubscribeNewsletter'], feedback: 'confirmation in place of the form (status); field errors on the fields; the link pages say done (status) or why not (alert)', walked: false, coveredBy: 'features/newsletter/components/newsletter.test.tsx' },
  { id: 'public.shop', area: 'public', href: '/lifestyle-product', hooks: ['useStartProductPayment', 'usePayProduct', 'useClaimProduct'], feedback: 'the card form in a dialog, then « Paiement accepté » with the download link (status); a refusal or an unfinished payment as alert; a free product confirmed in place (status)', walked: false, coveredBy: 'features/shop/components/lifestyle-page.test.tsx' },
  { id: 'public.starter-kit', area: 'public', href: '/', hooks: ['useRequestStarterKit'], feedback: 'confirmation in place of the form (status); field errors on the fields, a refusal as alert', walked: false, coveredBy: 'features/starter-kit/components/starter-kit.test.tsx' },
  { id: 'public.waiting-list', area: 'public', href: '/our-experts/details/:id', hooks: ['useJoinWaitingList', 'useLeaveWaitingList'], feedback: 'confirmation in place of the form (status); field errors on the fields; the leave page says done (status) or why not (alert)', walked: false, coveredBy: 'features/waiting-list/components/waiting-list.test.tsx' },
  { id: 'public.sign-up', area: 'public', href: '/public/client/sign-up', hooks: ['useSignUp', 'useRequestEmailOtp', 'useVerifyEmailOtp', 'useRequestMobileOtp', 'useVerifyMobileOtp'], feedback: 'toast; codes sent/verified (status)', walked: false, coveredBy: 'features/registration/components/sign-up-form.test.tsx' },
  { id: 'area.change-password', area: 'client', href: '/client/change-password', hooks: ['useChangePassword'], feedback: 'toast (status)', walked: true },
  { id: 'area.sign-out', area: 'client', href: '/client/dashboard', hooks: ['useSignOut'], feedback: 'the home page', walked: false, coveredBy: 'components/layouts/layouts.test.tsx' },
  { id: 'area.second-factor', area: 'consultant', href: '/consultant/security', hooks: ['useSecondFactorCommands'], feedback: 'toasts; recovery codes', walked: false, coveredBy: 'features/second-factor/components/security-panel.test.tsx' },
  { id: 'area.erasure', area: 'client', href: '/client/my-data', hooks: ['useRequestErasureCode', 'useRequestErasure', 'useCancelErasure'], feedback: 'toasts from the mutations (code sent, request recorded, cancelled); the date in place; a refused code on its field, any other refusal as alert', walked: false, coveredBy: 'features/privacy/components/my-data.test.tsx' },
  { id: 'public.favourite', area: 'client', href: '/our-experts', hooks: ['useSetFavourite'], feedback: 'toast (settle: survives the card leaving the list)', walked: false, coveredBy: 'features/favourites/components/favourites.test.tsx' },
  { id: 'client.booking', area: 'client', href: '/client/book/:id', hooks: ['useCreateBooking', 'useAcceptLegal', 'usePayBooking', 'useConfirmSandboxPayment', 'useAnswerSandboxChallenge', 'useFinishPayment'], feedback: 'the booking steps; the terms accepted (status); refusals inline (alert)', walked: false, coveredBy: 'features/booking/components/booking-page.test.tsx' },
  { id: 'party.booking-actions', area: 'client', href: '/client/my-bookings', hooks: ['useCancelBooking', 'useRescheduleBooking', 'useMarkNoShow'], feedback: 'toast (settle: survives the row leaving the list)', walked: false, coveredBy: 'features/booking/components/my-bookings.test.tsx' },
  { id: 'consultant.add-note', area: 'consultant', href: '/consultant/my-booking/add-note/over/cl9', hooks: ['useAddNote'], feedback: 'toast (status)', walked: true },
  { id: 'consultant.timings', area: 'consultant', href: '/consultant/add-timing', hooks: ['useSaveTimings'], feedback: 'toast from the mutation (survives the form remounting)', walked: true },
  { id: 'consultant.recommended-products', area: 'consultant', href: '/consultant/recommended-products', hooks: ['useSaveRecommendations'], feedback: 'toast from the mutation; the server’s field error (`item_ids`) by the list as alert, any other refusal as alert', walked: true },
  { id: 'consultant.profile', area: 'consultant', href: '/consultant/edit-account', hooks: ['useSaveBasicProfile', 'useSaveAddress', 'useSaveDegree', 'useDeleteDegree', 'useSaveCertificate', 'useDeleteCertificate', 'useSaveBank', 'useSaveDetails', 'useSaveDocuments', 'useSubmitProfile', 'useWithdrawProfile'], feedback: 'toast; server field errors on the fields', walked: false, coveredBy: 'features/consultant-profile/components/consultant-profile.test.tsx' },
  { id: 'client.health-assessment', area: 'client', href: '/client/health-assesment', hooks: ['useSaveHealthAssessment'], feedback: 'toast; server field errors on the fields', walked: true },
  { id: 'client.file', area: 'client', href: '/client/general-info', hooks: ['useSaveGeneralInfo', 'useSaveConsentForm'], feedback: 'toast; server field errors on the fields', walked: true },
  { id: 'client.add-complaint', area: 'client', href: '/client/add-complaint', hooks: ['useFileComplaint'], feedback: 'toast, then the complaint; refusals on the field or as alert', walked: true },
  { id: 'party.complaints', area: 'client', href: '/client/view-complaint-by-me', hooks: ['useSubmitStatement', 'useProvideInformation', 'useWithdrawComplaint'], feedback: 'toast; refusals as alert', walked: false, coveredBy: 'features/complaints/components/party-complaint-detail.test.tsx' },
  { id: 'admin.complaints', area: 'admin', href: '/admin/complaints/:id', hooks: ['useStartReview', 'useRequestInformation', 'useDecideComplaint', 'useDismissComplaint'], feedback: 'toast; refusals as alert', walked: false, coveredBy: 'features/complaints/components/admin-complaints.test.tsx' },
  { id: 'admin.add-coupon', area: 'admin', href: '/admin/add-coupon', hooks: ['useCreateCoupon'], feedback: 'toast, then the list', walked: true },
  { id: 'admin.contact-messages', area: 'admin', href: '/admin/view-contact-us-list', hooks: ['useDeleteContactMessage'], feedback: 'toast from the mutation, then the list; the dialog stays open on a refusal', walked: true },
  { id: 'admin.digital-products', area: 'admin', href: '/admin/view-digital-product', hooks: ['useSaveProduct', 'useProductAction'], feedback: 'toast from the mutation, then the list; field errors on the fields; the trash dialog stays open on a refusal', walked: false, coveredBy: 'features/shop/components/admin-products.test.tsx' },
  { id: 'admin.lifestyle-products', area: 'admin', href: '/admin/lifestyle-products', hooks: ['useSaveCatalogueItem', 'useCatalogueAction'], feedback: 'toast from the mutation, then the list; field errors on the fields; the trash dialog stays open on a refusal', walked: false, coveredBy: 'features/shop/components/admin-products.test.tsx' },
  { id: 'admin.newsletter-subscribers', area: 'admin', href: '/admin/view-newsletter-subscribers', hooks: ['useDeleteSubscriber'], feedback: 'toast from the mutation, then the list; the dialog stays open on a refusal', walked: false, coveredBy: 'features/newsletter/components/subscriber-list.test.tsx' },
  { id: 'admin.starter-kits', area: 'admin', href: '/admin/view-user-starter-kit-requests', hooks: ['useDeleteStarterKitRequest'], feedback: 'toast from the mutation, then the list; the dialog stays open on a refusal', walked: false, coveredBy: 'features/starter-kit/components/starter-kit-list.test.tsx' },
  { id: 'admin.waiting-list', area: 'admin', href: '/admin/view-user-waiting-list', hooks: ['useDeleteWaitingListEntry'], feedback: 'toast from the mutation, then the list; the dialog stays open on a refusal', walked: false, coveredBy: 'features/waiting-list/components/waiting-list-admin.test.tsx' },
  { id: 'admin.web-settings', area: 'admin', href: '/admin/websetting', hooks: ['useSaveWebSettings'], feedback: 'toast from the mutation; server field errors on the fields; uploads said on their field', walked: false, coveredBy: 'features/web-settings/components/web-settings.test.tsx' },
  { id: 'admin.blog-post', area: 'admin', href: '/admin/add-blog', hooks: ['useSaveBlogPost', 'useMarkdownPreview'], feedback: 'toast from the mutation, then the list; server field errors on the fields; the preview in place (refusal as alert)', walked: false, coveredBy: 'features/blog/components/post-form.test.tsx' },
  { id: 'admin.blog-list', area: 'admin', href: '/admin/view-blog', hooks: ['useTrashBlogPost'], feedback: 'toast from the mutation, then the list; the dialog stays open on a refusal', walked: true },
  { id: 'admin.blog-trash', area: 'admin', href: '/admin/view-trash-blog', hooks: ['useRestoreBlogPost'], feedback: 'toast from the mutation (status), then the list', walked: true },
  { id: 'admin.quote', area: 'admin', href: '/admin/add-quote', hooks: ['useSaveQuote'], feedback: 'toast from the mutation, then the list; server field errors on the fields; a quote trashed meanwhile as alert', walked: true },
  { id: 'admin.quote-list', area: 'admin', href: '/admin/view-quote', hooks: ['useTrashQuote'], feedback: 'toast from the mutation, then the list; the dialog stays open on a refusal', walked: true },
  { id: 'admin.quote-trash', area: 'admin', href: '/admin/view-trash-quote', hooks: ['useRestoreQuote'], feedback: 'toast from the mutation (status), then the list', walked: true },
  { id: 'admin.legal-version', area: 'admin', href: '/admin/add-terms-condition', hooks: ['usePublishLegalVersion', 'useMarkdownPreview'], feedback: 'toast from the mutation naming the version, then the list; server field errors on the fields; the same text as alert', walked: true },
  { id: 'admin.legal-list', area: 'admin', href: '/admin/view-terms-condition', hooks: ['useTrashLegalVersion'], feedback: 'toast from the mutation, then the list; the dialog stays open on a refusal', walked: true },
  { id: 'admin.legal-trash', area: 'admin', href: '/admin/view-trash-privacy-policy', hooks: ['useRestoreLegalVersion'], feedback: 'toast from the mutation (status), then the list', walked: true },
  { id: 'admin.site-page', area: 'admin', href: '/admin/edit-site-page/faq', hooks: ['useSaveSitePage'], feedback: 'toast from the mutation, then the list; server field errors on the fields', walked: true },
  { id: 'admin.coupons', area: 'admin', href: '/admin/view-coupon', hooks: ['useDisableCoupon'], feedback: 'toast (status)', walked: false, coveredBy: 'features/coupons/components/coupons.test.tsx' },
  { id: 'admin.reference-trash', area: 'admin', href: '/admin/view-trash-ComplaintType', hooks: ['useRestoreReferenceItem'], feedback: 'toast (status)', walked: true },
  { id: 'admin.reference-data', area: 'admin', href: '/admin/add-languages', hooks: ['useCreateReferenceItem', 'useUpdateReferenceItem', 'useTrashReferenceItem'], feedback: 'toast', walked: true },
  { id: 'admin.consultants', area: 'admin', href: '/admin/consultants/:id', hooks: ['useApproveConsultant', 'useRejectConsultant', 'useSuspendConsultant', 'useReinstateConsultant', 'useMarkChangesReviewed', 'useDeactivateConsultant', 'useReactivateConsultant'], feedback: 'toast', walked: false, coveredBy: 'features/admin-consultants/components/admin-consultants.test.tsx' },
  { id: 'admin.clients', area: 'admin', href: '/admin/clients/:id', hooks: ['useClientAccountStatus'], feedback: 'the status and the other action (dialog)', walked: false, coveredBy: 'components/account/account-status.test.tsx' },
];

/** Hooks that build mutation hooks (not used by a form directly). */
export const MUTATION_FACTORIES: readonly string[] = [
  'useConsultantAction',
  'useProfileMutation',
  'useComplaintMutation',
  'useBookingMutation',
  'useMoveLegalVersion',
];
