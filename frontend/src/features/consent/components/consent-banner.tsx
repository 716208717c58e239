import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import {
  closeConsentSettings,
  saveConsent,
  takeConsentOpener,
  useConsent,
  type ConsentPurposes,
} from '@/lib/consent';
import styles from './consent-banner.module.css';

// The per-purpose choices load only when asked for: the banner is in every page's first load.
const ConsentPreferences = lazy(() =>
  import('./consent-preferences').then((module) => ({ default: module.ConsentPreferences })),
);

const NONE: ConsentPurposes = { analytics: false, advertising: false };
const ALL: ConsentPurposes = { analytics: true, advertising: true };

/**
 * The cookie banner (docs/rules.md "Consent and analytics"): shown until the visitor chooses,
 * and again from « Gérer les cookies ». « Tout accepter », « Tout refuser » and « Personnaliser »
 * are the same button at the same level. A labelled region right after the skip link (the first
 * stops of the keyboard) but not modal: the page stays usable, and it is kept clear of the
 * banner (padding, scroll padding).
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const { choice, open } = useConsent();
  const [customising, setCustomising] = useState(false);
  const region = useRef<HTMLElement>(null);
  const titleId = useId();
  const panelId = useId();
  const shown = !choice || open;

  // Reopened from the footer: focus to the banner, so it is read and Tab continues in it.
  useEffect(() => {
    if (open) region.current?.focus({ preventScroll: true });
  }, [open]);

  // The page ends above the banner, and focused elements scroll clear of it.
  useLayoutEffect(() => {
    const element = region.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-banner-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-banner-height');
    };
  }, [shown]);

  if (!shown) return null;

  /** Focus goes back to what reopened the banner, else to the page, never lost with the banner. */
  const close = (change: () => void) => {
    const hadFocus = region.current?.contains(document.activeElement) ?? false;
    const back = takeConsentOpener();
    change();
    setCustomising(false);
    if (back?.isConnected) back.focus();
    else if (hadFocus) document.getElementById('main-content')?.focus({ preventScroll: true });
  };
  const choose = (purposes: ConsentPurposes) => close(() => saveConsent(purposes));
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape closes choices reopened from the footer; the first choice has to be made.
    if (event.key === 'Escape' && choice) {
      event.preventDefault();
      close(closeConsentSettings);
    }
  };

  return (
    <section ref={region} className={styles.banner} aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <div className={styles.inner}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {t('consent.title')}
          </h2>
          {/* Two short paragraphs, not one block: the banner is not the page's largest paint. */}
          <p className={styles.text}>{t('consent.text')}</p>
          <p className={styles.text}>
            {t('consent.changeMind')} <Link to={paths.privacyPolicy.getHref()}>{t('consent.learnMore')}</Link>
          </p>
        </div>
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={() => choose(ALL)}>
            {t('consent.acceptAll')}
          </button>
          <button type="button" className="btn" onClick={() => choose(NONE)}>
            {t('consent.refuseAll')}
          </button>
          <button
            type="button"
            className="btn"
            aria-expanded={customising}
            aria-controls={panelId}
            onClick={() => setCustomising((value) => !value)}
          >
            {t('consent.customise')}
          </button>
        </div>
        <div id={panelId} className={styles.panel} hidden={!customising}>
          {customising && (
            <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
              <ConsentPreferences initial={choice ?? NONE} onSave={choose} />
            </Suspense>
          )}
        </div>
      </div>
    </section>
  );
}
