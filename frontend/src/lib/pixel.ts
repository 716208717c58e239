import { hasConsent } from './consent';

/** `pixel` of `GET /api/public/web-settings`: the advertising pixel's script and id, when configured. */
export type PixelSettings = { script_url: string; id: string };

/** The pixel's command queue, as Meta's snippet defines it until the script takes over. */
type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** Meta's script counts history changes as page views unless told not to: we count route changes. */
  disablePushState: boolean;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let active = false;
let revoked = false;
let tracked: string | null = null;
let script: HTMLScriptElement | null = null;

/** Meta's pixel snippet: a queue named `fbq`, the script loaded asynchronously, then `init`. */
const install = ({ script_url, id }: PixelSettings) => {
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  fbq.disablePushState = true;
  window.fbq = fbq;
  window._fbq ??= fbq;
  script = document.createElement('script');
  script.async = true;
  script.src = script_url;
  document.head.appendChild(script);
  fbq('init', id);
};

/**
 * Starts the pixel (after advertising consent, when configured): loads it the first time, or
 * lets an already loaded one send again after a withdrawal was taken back.
 */
export const startPixel = (pixel: PixelSettings) => {
  if (active) return;
  if (!window.fbq) install(pixel);
  else if (revoked) window.fbq('consent', 'grant');
  active = true;
  revoked = false;
};

/** Consent withdrawn: the pixel is told to stop and is never called again (a reload loads nothing). */
export const stopPixel = () => {
  if (!active) return;
  active = false;
  revoked = true;
  tracked = null;
  window.fbq?.('consent', 'revoke');
};

const isActive = () => active && hasConsent('advertising') && Boolean(window.fbq);

/** A page view for the location `key`, once per location (not on re-renders). */
export const trackPageView = (key: string) => {
  if (!isActive() || key === tracked) return;
  tracked = key;
  window.fbq?.('track', 'PageView');
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** A custom event for the pixel, only while it is active; `params` must be a plain object. */
export const trackCustomEvent = (name: string, params: Record<string, unknown>) => {
  if (!isPlainObject(params)) {
    console.warn('Event parameters must be an object');
    return;
  }
  if (isActive()) window.fbq?.('trackCustom', name, params);
};

/** For tests: as before the pixel was ever loaded. */
export const resetPixel = () => {
  active = false;
  revoked = false;
  tracked = null;
  script?.remove();
  script = null;
  delete window.fbq;
  delete window._fbq;
};
