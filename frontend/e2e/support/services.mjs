// The real services under test: maildev (SMTP + JSON API) and the equilibre
// binary (`admin create`, then `serve`) on free ports and a temporary data dir.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, runToEnd, startProcess, waitForHttp } from './processes.mjs';

export const FRONTEND_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// `EQUILIBRE_BINARY` runs another build (a shared cargo target directory, for example).
export const BINARY = process.env.EQUILIBRE_BINARY ?? resolve(FRONTEND_DIR, '../target/debug/equilibre');
export const STATIC_DIR = resolve(FRONTEND_DIR, 'dist');

/** Fails early, with the command to run, when an input of the suite is missing. */
export const checkInputs = () => {
  if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing: run \`cargo build -p equilibre\` first`);
  if (!existsSync(join(STATIC_DIR, 'index.html'))) {
    throw new Error(`${STATIC_DIR}/index.html is missing: run \`npm run build\` first`);
  }
};

const maildevBin = () => {
  const require = createRequire(import.meta.url);
  const pkgFile = require.resolve('maildev/package.json');
  return join(dirname(pkgFile), require(pkgFile).bin.maildev);
};

/** Starts maildev on two free ports; resolves once its web API answers. */
export const startMaildev = async (workDir, onSpawn) => {
  const [smtpPort, webPort] = [await freePort(), await freePort()];
  const mailDir = join(workDir, 'maildev');
  await mkdir(mailDir, { recursive: true });
  const proc = startProcess(
    'maildev',
    process.execPath,
    [maildevBin(), '-s', String(smtpPort), '-w', String(webPort), '--ip', '127.0.0.1', '--mail-directory', mailDir],
    { logFile: join(workDir, 'maildev.log'), env: process.env },
  );
  onSpawn(proc);
  const webUrl = `http://127.0.0.1:${webPort}`;
  await waitForHttp(`${webUrl}/email`, proc, 20_000);
  return { proc, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, webUrl };
};

/** The environment shared by `admin create` and `serve` (nothing inherited that points elsewhere). */
export const equilibreEnv = ({ dataDir, port, smtpUrl }) => {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('EQUILIBRE_') && !['DATABASE_URL', 'READ_DATABASE_URL', 'NATS_URL', 'SMTP_URL'].includes(key),
    ),
  );
  return {
    ...env,
    RUST_LOG: process.env.RUST_LOG ?? 'info',
    EQUILIBRE_DATA_DIR: dataDir,
    EQUILIBRE_STATIC_DIR: STATIC_DIR,
    EQUILIBRE_DEMO: '0',
    SMTP_URL: smtpUrl,
    EQUILIBRE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    EQUILIBRE_BIND: `127.0.0.1:${port}`,
    // The suite signs up, signs in and browses as hundreds of people from one
    // address within minutes; the per-address budgets that would refuse it
    // are tested in the Rust suite (equilibre/tests/accounts/throttling.rs).
    EQUILIBRE_SIGN_INS_PER_MINUTE: '100000',
    EQUILIBRE_REQUESTS_PER_SECOND: '100000',
    // Administrators sign in with a password only here: the suite signs the
    // same administrator in many times a minute, and a code works once. The
    // second factor's screens are driven as a client (second-factor.test.mjs);
    // the administrators' enrolment is tested in the Rust suite.
    EQUILIBRE_ADMIN_SECOND_FACTOR: 'offered',
  };
};

/** `equilibre admin create` with the password in EQUILIBRE_ADMIN_PASSWORD. */
export const createAdmin = (env, { email, password }) =>
  runToEnd(BINARY, ['admin', 'create', '--email', email], {
    env: { ...env, EQUILIBRE_ADMIN_PASSWORD: password },
  });

/** `equilibre serve`; `ready` resolves once GET /api/health answers (bounded poll). */
export const startEquilibre = (workDir, env) => {
  const proc = startProcess('equilibre', BINARY, ['serve'], { env, logFile: join(workDir, 'equilibre.log') });
  const ready = waitForHttp(`${env.EQUILIBRE_PUBLIC_URL}/api/health`, proc, 60_000);
  return { proc, ready, baseUrl: env.EQUILIBRE_PUBLIC_URL };
};

/**
 * Another `equilibre serve` over the suite's data (`E2E_DATA_DIR`, `E2E_SMTP_URL`, `E2E_WORK_DIR` from the runner),
 * its clock `offsetSeconds` ahead (`EQUILIBRE_CLOCK_OFFSET_SECONDS`, test-only), pushed onto `servers` for the test
 * file to stop; its base URL once it answers.
 */
export const startShiftedServer = async (offsetSeconds, servers) => {
  const port = await freePort();
  const env = {
    ...equilibreEnv({ dataDir: process.env.E2E_DATA_DIR, port, smtpUrl: process.env.E2E_SMTP_URL }),
    EQUILIBRE_CLOCK_OFFSET_SECONDS: String(offsetSeconds),
  };
  const server = startEquilibre(process.env.E2E_WORK_DIR, env);
  servers.push(server);
  await server.ready;
  return server.baseUrl;
};
