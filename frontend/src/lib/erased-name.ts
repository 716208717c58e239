/**
 * What the server answers in place of a forgotten person's name, or of a text they owned (a consultant's notes
 * about them, a cancellation reason): docs/rules.md "Forgetting an account" ("read models show `[erased]`"), once
 * an administrator forgot the account or its holder's erasure ran (issue 14).
 */
export const ERASED = '[erased]';

/** The one key this helper translates (areas catalogue: every screen that shows a client's name loads it). */
type Translate = (key: 'privacy.formerClient') => string;

/**
 * A client's name as a consultant (or an administrator) sees it in bookings, notes and complaints:
 * « Ancien client » / "Former client" once the client was forgotten, the name otherwise (null or empty when
 * the server does not share it, for the caller's own fallback).
 */
export const clientName = <Name extends string | null | undefined>(name: Name, t: Translate): Name | string =>
  name === ERASED ? t('privacy.formerClient') : name;
