/** Limits shared with the server (DESIGN §2). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
export const MIN_AGE_YEARS = 18;
