/** A new, pending secret (docs/api.md "Second factor"): shown as a QR code and as text. */
export type Enrolment = {
  /** Base32, for typing into the app. */
  secret: string;
  otpauth_uri: string;
  /** An SVG document of `otpauth_uri`. */
  qr_svg: string;
};

/** Ten one-time recovery codes (`xxxxx-xxxxx`), shown once. */
export type RecoveryCodes = { recovery_codes: string[] };
