// The second and third steps of the sign-up: one chunk, fetched once the person starts on the
// first step (the pickers' library, the verifications), so the page's first load carries none of it.
export { AccountFields } from './account-fields';
export { ContactFields } from './contact-fields';
