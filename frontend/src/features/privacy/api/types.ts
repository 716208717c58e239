/** The areas whose account holder may ask for the account to be erased (issue 14, GDPR art. 17). */
export type PrivacyRole = 'client' | 'consultant';
