import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { api } from '@/lib/api-client';
import { reloadConsent } from '@/lib/consent';
import {
  i18n,
  initI18n,
  loadAreaTexts,
  loadBlogTexts,
  loadBookingTexts,
  loadComplaintTexts,
  loadContentTexts,
  loadHomeTexts,
  loadSecondFactorTexts,
} from '@/lib/i18n';
import { reloadPersistedState } from '@/lib/persisted-state';
import { resetPixel } from '@/lib/pixel';
import { clearToasts } from '@/lib/toast';

// The machine is shared: give lazy routes and chunks time to load under load.
configure({ asyncUtilTimeout: 4000 });

await initI18n();
// Unit tests render area screens directly, without the area layout's loader.
await loadAreaTexts();
await loadBookingTexts();
await loadComplaintTexts();
await loadSecondFactorTexts();
await loadContentTexts();
await loadBlogTexts();
await loadHomeTexts();

// jsdom does not implement scrolling (used by ScrollRestoration).
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;
// Nor ResizeObserver (Headless UI's dialog watches its panel's size).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeEach(async () => {
  window.localStorage.clear();
  reloadPersistedState();
  reloadConsent();
  resetPixel();
  api.resetPositions();
  clearToasts();
  await i18n.changeLanguage('fr');
});

afterEach(() => {
  cleanup();
});
