import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SPECIALITIES } from '@/config/specialities';
import { openConsentSettings } from '@/lib/consent';
import { useWebSettings } from '@/lib/web-settings';
import { SiteDisclaimer } from '../ui/site-disclaimer';
import styles from './public-footer.module.css';

const SOCIAL = ['twitter', 'youtube', 'instagram', 'linkedin'] as const;

/**
 * Public footer (spec §1, §2): the footer logo, links, specialities, the newsletter form (composed by the
 * app), the social links that are set, the disclaimer (as an administrator wrote it).
 */
export function PublicFooter({ newsletter }: { newsletter?: ReactNode }) {
  const { t } = useTranslation();
  const { data: settings, isPending } = useWebSettings();
  const social = SOCIAL.filter((name) => settings?.[name]);
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className="container">
        {/* A fixed box: the logo comes with the settings without moving anything. */}
        <img
          className={styles.logo}
          src={settings?.footer_logo || (isPending ? undefined : '/logo.svg')}
          alt={settings?.web_title || t('brand.name')}
          width={120}
          height={80}
        />
        <div className={styles.columns}>
          <nav aria-labelledby="footer-about">
            <h2 id="footer-about">{t('footer.aboutHeading')}</h2>
            <ul className={styles.list}>
              <li><Link to={paths.aboutUs.getHref()}>{t('footer.about')}</Link></li>
              <li><Link to={paths.faq.getHref()}>{t('footer.faq')}</Link></li>
              <li><Link to={paths.teamAndVision.getHref()}>{t('footer.teamVision')}</Link></li>
              <li><Link to={paths.media.getHref()}>{t('footer.media')}</Link></li>
              <li><Link to={paths.contactUs.getHref()}>{t('footer.contact')}</Link></li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal">{t('footer.legalHeading')}</h2>
            <ul className={styles.list}>
              <li><Link to={paths.termsConditions.getHref()}>{t('footer.terms')}</Link></li>
              <li><Link to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</Link></li>
              <li>
                <button type="button" className={styles.linkButton} onClick={(event) => openConsentSettings(event.currentTarget)}>
                  {t('footer.cookieSettings')}
                </button>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-specialities">
            <h2 id="footer-specialities">{t('footer.specialitiesHeading')}</h2>
            <ul className={styles.list}>
              {SPECIALITIES.map((speciality) => (
                <li key={speciality}>
                  <Link to={paths.ourExperts.getHref(speciality)}>
                    {t(`specialities.${speciality}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {newsletter && (
            <section aria-labelledby="footer-newsletter">
              <h2 id="footer-newsletter">{t('footer.newsletter')}</h2>
              {newsletter}
            </section>
          )}
          {social.length > 0 && (
            <section aria-labelledby="footer-social">
              <h2 id="footer-social">{t('footer.social')}</h2>
              <ul className={styles.social}>
                {social.map((name) => (
                  <li key={name}>
                    <a href={settings?.[name]} rel="noopener noreferrer" target="_blank">
                      {t(`footer.socialNames.${name}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <SiteDisclaimer className={styles.disclaimer} />
        <div className={styles.bottom}>
          <span>
            {t('footer.copyright', { year, name: settings?.web_legal_name || t('brand.name') })}
          </span>
        </div>
      </div>
    </footer>
  );
}
