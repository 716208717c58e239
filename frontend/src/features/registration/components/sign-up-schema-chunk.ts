import type * as SchemaModule from '../api/sign-up-schema';

let chunk: Promise<typeof SchemaModule> | undefined;

/**
 * The sign-up's rules (yup), fetched with the first check rather than with the page; a failed
 * fetch is tried again next time.
 */
export const loadSignUpSchema = () =>
  (chunk ??= import('../api/sign-up-schema').catch((error: unknown) => {
    chunk = undefined;
    throw error;
  }));
