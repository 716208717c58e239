// Debian's Chromium driven by playwright-core, one context per test.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import { baseUrl } from './env.mjs';

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * WebRTC between contexts (the video room): a fake camera and microphone
 * granted without a prompt, and loopback ICE candidates (the machine has no
 * other network).
 */
const MEDIA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export const launchBrowser = ({ media = false } = {}) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: media ? [...LAUNCH_ARGS, ...MEDIA_ARGS] : LAUNCH_ARGS,
  });

/** One browser for the test file: launched before its tests, closed after them. */
export const useBrowser = (options = {}) => {
  const holder = { browser: null };
  before(async () => {
    holder.browser = await launchBrowser(options);
  });
  after(async () => {
    await holder.browser?.close();
  });
  return () => holder.browser;
};

/**
 * A fresh context (no cookies, empty storage) in French on the test server;
 * runs `fn({ page, context })`, fails on uncaught page errors, always closes.
 */
export const withPage = async (browser, options, fn) => {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    ...options,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The server's Content-Security-Policy must never block what the app does.
  const blocked = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  try {
    await fn({ page, context });
    assert.deepEqual(pageErrors, [], 'uncaught errors in the page');
    assert.deepEqual(blocked, [], 'requests or styles blocked by the Content-Security-Policy');
  } finally {
    await context.close();
  }
};

/** Waits until the page's path is `path` (query and hash ignored). */
export const waitForPath = (page, path) =>
  page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit' });

/** Waits for `locator` to be visible and returns its trimmed text. */
export const visibleText = async (locator) => {
  await locator.waitFor({ state: 'visible' });
  return (await locator.innerText()).trim();
};

/**
 * A session opened through the API (its cookie in `context`) was not seen by the app's
 * sign-in page, which records that this browser signed in to `role` (the non-secret
 * `equilibre-state` hint): the app asks for a session only where it remembers one.
 * Records it the same way, before every page of `context`.
 */
export const rememberSignIn = (context, role) =>
  context.addInitScript((signedInRole) => {
    let state = {};
    try {
      state = JSON.parse(localStorage.getItem('equilibre-state') ?? '{}') ?? {};
    } catch {
      // a malformed state is replaced
    }
    state.auth = { ...(state.auth ?? {}), [signedInRole]: { role: signedInRole, status: true } };
    localStorage.setItem('equilibre-state', JSON.stringify(state));
  }, role);

/**
 * Scrolls down the page a screen at a time, as a visitor does, until `locator` is there (the forms
 * below the fold load as they come near the screen), then brings it into view.
 */
export const scrollTo = async (page, locator, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  // From the top again once past the end: the page may still be growing as it renders.
  for (let step = 0; (await locator.count()) === 0; step += 1) {
    if (Date.now() > deadline) throw new Error(`${locator} did not come while scrolling down`);
    await page.evaluate((step) => window.scrollTo(0, (step * 400) % (document.documentElement.scrollHeight + 400)), step);
    await page.waitForTimeout(100);
  }
  await locator.first().scrollIntoViewIfNeeded();
  return locator;
};
