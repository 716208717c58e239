/** The three kinds of signed-in user, in the order the spec infers the current role. */
export const ROLES = ['client', 'consultant', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that can register themselves (administrators are created from the command line). */
export const SIGN_UP_ROLES = ['client', 'consultant'] as const;
export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

/** API area of each role: `/api/{area}/...`. */
export const API_AREA: Record<Role, string> = {
  client: 'client',
  consultant: 'consultant',
  admin: 'admin-panel',
};

export const isRole = (value: string | undefined): value is Role =>
  (ROLES as readonly string[]).includes(value ?? '');

export const isSignUpRole = (value: string | undefined): value is SignUpRole =>
  (SIGN_UP_ROLES as readonly string[]).includes(value ?? '');
