#!/usr/bin/env node
// `make bench` (frontend part): what the public pages cost a phone on first
// load. Starts the release server on the demo data, opens each public page
// in Chromium at 375 px with an empty cache and prints the JavaScript it
// loaded (gzipped as the server sends it), then Lighthouse's mobile
// performance and accessibility scores when Lighthouse can run
// (`npx lighthouse`, fetched on first use; `LIGHTHOUSE=0` skips it).
// Prints figures; asserts nothing (budgets: README "Performance budget").
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, runToEnd, startProcess, stopProcess, waitForHttp } from '../e2e/support/processes.mjs';
import { FRONTEND_DIR, STATIC_DIR } from '../e2e/support/services.mjs';

const BINARY = process.env.EQUILIBRE_BINARY ?? resolve(FRONTEND_DIR, '../target/release/equilibre');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_KIB = 150;

const workDir = await mkdtemp(join(tmpdir(), 'equilibre-pages-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('EQUILIBRE_')));
const server = startProcess('equilibre', BINARY, ['serve'], {
  logFile: join(workDir, 'equilibre.log'),
  env: {
    ...env,
    EQUILIBRE_DATA_DIR: join(workDir, 'data'),
    EQUILIBRE_STATIC_DIR: STATIC_DIR,
    EQUILIBRE_BIND: `127.0.0.1:${port}`,
    EQUILIBRE_PUBLIC_URL: origin,
    EQUILIBRE_COOKIE_SECURE: '0',
    EQUILIBRE_REQUESTS_PER_SECOND: '100000',
  },
});

const getJson = async (path) => {
  const response = await fetch(`${origin}${path}`, { headers: { 'accept-language': 'fr' } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
};

/** The demo's public pages, one of each kind (the demo seeds experts and posts). */
const publicPages = async () => {
  const experts = await getJson('/api/public/experts?page_size=1');
  const posts = await getJson('/api/public/blog-posts?page_size=1');
  return [
    ['home', '/'],
    ['directory', '/our-experts'],
    ['expert page', `/our-experts/details/${experts.items[0].id}`],
    ['blog list', '/blog'],
    ['blog post', `/blog/${posts.items[0].slug}`],
    ['lifestyle', '/lifestyle-product'],
  ];
};

/** JavaScript a first visit at 375 px loads, in gzipped bytes (level 9, as the build ships it). */
const firstLoadJs = async (browser, path) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'fr-FR' });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.push(
        Promise.all([response.body(), response.request().sizes()]).then(
          ([body, sizes]) => ({ url: response.url(), gzip: gzipSync(body, { level: 9 }).length, sent: sizes.responseBodySize }),
          () => ({ url: response.url(), gzip: 0, sent: 0 }),
        ),
      );
    }
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  // A busy CPU can leave the network idle while the framework runs: wait until the SPA shows its own
  // page (the server's copy gone), then until no script has come for a second.
  await page.waitForFunction(() => !document.getElementById('server-page') && document.querySelector('#root main h1'), null, {
    timeout: 30_000,
  });
  for (let seen = -1; seen !== scripts.length; ) {
    seen = scripts.length;
    await page.waitForTimeout(1000);
  }
  const loaded = await Promise.all(scripts);
  await context.close();
  if (process.env.BENCH_VERBOSE) for (const s of loaded) console.log(`    ${s.gzip} ${s.sent} ${s.url}`);
  const sum = (key) => loaded.reduce((total, script) => total + script[key], 0);
  return { count: loaded.length, bytes: sum('gzip'), sent: sum('sent') };
};

/** Lighthouse's mobile scores of one page, or the reason it could not run. */
const lighthouse = async (path) => {
  const output = await runToEnd(
    'npx',
    [
      '--yes',
      'lighthouse@12.8.2',
      `${origin}${path}`,
      '--only-categories=performance,accessibility',
      '--output=json',
      '--quiet',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, timeoutMs: 180_000 },
  );
  const report = JSON.parse(output.slice(output.indexOf('{')));
  const score = (category) => Math.round(report.categories[category].score * 100);
  const metric = (id) => report.audits[id].displayValue.replace(/\s/g, ' ');
  return (
    `performance ${score('performance')}, accessibility ${score('accessibility')}` +
    ` (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')},` +
    ` TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})`
  );
};

try {
  await waitForHttp(`${origin}/api/health`, server, 60_000);
  // The demo is seeded in the background: wait for its experts and posts.
  let pages;
  for (let attempt = 0; !pages; attempt += 1) {
    try {
      pages = await publicPages();
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((done) => setTimeout(done, 200));
    }
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  console.log(`Public pages, first load at 375 px (budget ${BUDGET_KIB} KiB of JS gzipped)`);
  for (const [name, path] of pages) {
    const { count, bytes, sent } = await firstLoadJs(browser, path);
    const kib = (n) => (n / 1024).toFixed(1).padStart(6);
    console.log(`  ${name.padEnd(12)} ${kib(bytes)} KiB gzipped (${kib(sent)} KiB sent) in ${count} scripts  ${path}`);
  }
  await browser.close();
  if (process.env.LIGHTHOUSE !== '0') {
    console.log('Lighthouse, mobile (performance ≥ 95, accessibility 100)');
    for (const [name, path] of pages) {
      // Chromium now and then ends a run with an error of its own: once more before giving up.
      const scores = await lighthouse(path)
        .catch(() => lighthouse(path))
        .catch((error) => `not run: ${error.message.split('\n').slice(0, 3).join(' ')}`);
      console.log(`  ${name.padEnd(12)} ${scores}`);
    }
  }
} finally {
  await stopProcess(server);
  await rm(workDir, { recursive: true, force: true });
}
