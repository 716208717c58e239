// What the runner (e2e/run.mjs) tells the tests about the services it started.
const need = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with \`npm run e2e\``);
  return value;
};

export const baseUrl = need('E2E_BASE_URL');
export const maildevUrl = need('E2E_MAILDEV_URL');
/** The server's data directory (the SMS outbox `sms-outbox.log` lives there). */
export const dataDir = need('E2E_DATA_DIR');
export const admin = { email: need('E2E_ADMIN_EMAIL'), password: need('E2E_ADMIN_PASSWORD') };

/** A suffix that makes e-mail addresses unique per run and per test. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
