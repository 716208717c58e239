// Child processes for the browser tests: free ports, bounded readiness polls,
// and a stop that always ends what we started (by pid, TERM then KILL).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Spawns a long-running process whose output goes to `logFile`. */
export const startProcess = (name, command, args, { env, logFile, cwd } = {}) => {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.once('error', (error) => log.write(`\n[e2e] ${name} failed to start: ${error.message}\n`));
  return { name, child, logFile, exited };
};

/** Polls `url` until it answers 2xx, the process dies, or `timeoutMs` passes. */
export const waitForHttp = async (url, proc, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer';
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) {
      throw new Error(`${proc.name} exited (${proc.child.exitCode ?? proc.child.signalCode}) before ${url} answered`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error.cause?.code ?? error.message;
    }
    await delay(100);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError})`);
};

/** Ends one process we started: SIGTERM, then SIGKILL if it lingers. */
export const stopProcess = async (proc, graceMs = 5_000) => {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const done = await Promise.race([proc.exited.then(() => true), delay(graceMs).then(() => false)]);
  if (!done) {
    proc.child.kill('SIGKILL');
    await proc.exited;
  }
};

/** Synchronous last resort (process 'exit' handler). */
export const killNow = (proc) => {
  if (proc && proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGKILL');
};

/** The last `lines` lines of a log file, for failure reports. */
export const tail = async (file, lines = 60) => {
  try {
    const text = await readFile(file, 'utf8');
    return text.split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/** Runs a command to completion; rejects with its output when it fails. */
export const runToEnd = (command, args, { env, timeoutMs = 60_000 } = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${output}`));
    });
  });
