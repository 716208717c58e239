#!/usr/bin/env node
// `npm run e2e`: global setup (maildev, a fresh data dir, an administrator,
// `equilibre serve`), then `node --test` over e2e/*.test.mjs, then teardown.
// Extra arguments go to `node --test` (e.g. --test-name-pattern=routing).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { freePort, killNow, stopProcess, tail } from './support/processes.mjs';
import {
  checkInputs,
  createAdmin,
  equilibreEnv,
  FRONTEND_DIR,
  startEquilibre,
  startMaildev,
} from './support/services.mjs';

// The whole suite on a 2-core machine; the phone layouts visit every screen twice; `privacy` waits out a
// code's resend delay (a minute) alone.
const SUITE_TIMEOUT_MS = 18 * 60_000;
const admin = { email: 'admin@e2e.test', password: 'e2e admin pass phrase 7419' };
const started = [];
let workDir;
let keepWorkDir = false;
let testGroup = null; // pid of `node --test`, leader of its own process group
let interrupted = false;
let tornDown = null;

const log = (message) => console.log(`[e2e] ${message}`);

/** Ends the test run: its whole process group (test files and their browsers). */
const stopTests = (signal = 'SIGTERM') => {
  if (testGroup === null) return;
  try {
    process.kill(-testGroup, signal);
  } catch {
    // already gone
  }
};

/** Stops what we started and removes the work dir (once, whoever asks first). */
const teardown = () =>
  (tornDown ??= (async () => {
    stopTests();
    await Promise.all(started.map((proc) => stopProcess(proc)));
    if (workDir && !keepWorkDir) await rm(workDir, { recursive: true, force: true });
  })());

// Never leave a server behind, whatever ends this process.
process.on('exit', () => {
  stopTests('SIGKILL');
  started.forEach(killNow);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: stopping`);
    void teardown().finally(() => process.exit(130));
  });
}

/**
 * Files that start a second server over the suite's data: with its clock run
 * ahead, its scheduled work (expiring holds, closing rooms, erasing accounts) would reach the
 * data of files running beside it; on time (`consent`, another configuration),
 * its workers would still run beside the suite's. And `legal`, which publishes
 * new terms that every client must then accept before booking: a client of a
 * file running beside it would meet the acceptance panel. They run alone, after
 * the others.
 */
const ALONE = new Set(['complaints.test.mjs', 'consent.test.mjs', 'legal.test.mjs', 'privacy.test.mjs', 'room.test.mjs']);
/** The other files, two at a time: the machine has two cores and each file mostly waits on its browser. */
const CONCURRENCY = Number(process.env.E2E_CONCURRENCY ?? 2);

/**
 * Arguments naming test files (`e2e/contact.test.mjs`) run those files only; the others go to `node --test`.
 */
const args = process.argv.slice(2);
const chosenFiles = new Set(args.filter((arg) => arg.endsWith('.test.mjs')).map((arg) => basename(arg)));
const testArgs = args.filter((arg) => !arg.endsWith('.test.mjs'));

/** `node --test` over `files`, `concurrency` at a time; resolves with its exit code. */
const runFiles = (env, files, concurrency, deadline) =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...testArgs, ...files],
      { cwd: FRONTEND_DIR, env, stdio: 'inherit', detached: true },
    );
    testGroup = child.pid;
    const timer = setTimeout(() => {
      log(`the suite exceeded ${SUITE_TIMEOUT_MS / 1000} s: stopping it`);
      stopTests('SIGKILL');
    }, Math.max(deadline - Date.now(), 0));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      testGroup = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });

const runTests = async (env) => {
  const deadline = Date.now() + SUITE_TIMEOUT_MS;
  const names = readdirSync(join(FRONTEND_DIR, 'e2e'))
    .filter((name) => name.endsWith('.test.mjs') && (chosenFiles.size === 0 || chosenFiles.has(name)))
    .sort();
  const paths = (list) => list.map((name) => join('e2e', name));
  const together = names.filter((n) => !ALONE.has(n));
  const apart = names.filter((n) => ALONE.has(n));
  const shared = together.length > 0 ? await runFiles(env, paths(together), CONCURRENCY, deadline) : 0;
  if (interrupted) return shared;
  const alone = apart.length > 0 ? await runFiles(env, paths(apart), 1, deadline) : 0;
  return shared || alone;
};

const main = async () => {
  const t0 = Date.now();
  checkInputs();
  workDir = await mkdtemp(join(tmpdir(), 'equilibre-e2e-'));
  const dataDir = join(workDir, 'data');

  const maildev = await startMaildev(workDir, (proc) => started.push(proc));
  const port = await freePort();
  const env = equilibreEnv({ dataDir, port, smtpUrl: maildev.smtpUrl });
  await createAdmin(env, admin);
  const server = startEquilibre(workDir, env);
  started.push(server.proc);
  await server.ready;
  log(`equilibre at ${server.baseUrl}, maildev at ${maildev.webUrl} (ready in ${Date.now() - t0} ms)`);

  const code = await runTests({
    ...process.env,
    E2E_BASE_URL: server.baseUrl,
    E2E_MAILDEV_URL: maildev.webUrl,
    E2E_DATA_DIR: dataDir,
    E2E_ADMIN_EMAIL: admin.email,
    E2E_ADMIN_PASSWORD: admin.password,
    // For tests that start a second server over the same data (room.test.mjs).
    E2E_SMTP_URL: maildev.smtpUrl,
    E2E_WORK_DIR: workDir,
  });
  if (code !== 0 && !interrupted) {
    keepWorkDir = true;
    log(`tests failed; logs kept in ${workDir}`);
    log(`equilibre log (tail):\n${await tail(server.proc.logFile, 40)}`);
  }
  return code;
};

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (!interrupted) {
    keepWorkDir = true;
    console.error(`[e2e] setup failed: ${error.stack ?? error}`);
    for (const proc of started) console.error(`[e2e] ${proc.name} log (tail):\n${await tail(proc.logFile, 40)}`);
    if (workDir) console.error(`[e2e] logs kept in ${workDir}`);
  }
} finally {
  await teardown();
}
process.exit(interrupted ? 130 : exitCode);
