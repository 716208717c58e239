import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NavigationProgress } from '@/components/ui/page-loader';
import { ConsentBanner } from '@/features/consent/components/consent-banner';
import { PixelTracker } from '@/features/consent/components/pixel-tracker';

/**
 * Root of every page: the skip link to the page's `#main-content` (public and area layouts),
 * then the cookie banner until the visitor chooses (early in the keyboard's order, shown at
 * the bottom), the navigation progress bar while a lazy page loads, and the advertising
 * pixel once consented to.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <>
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <ConsentBanner />
      {navigation.state === 'loading' && <NavigationProgress />}
      <Outlet />
      <ScrollRestoration />
      <PixelTracker />
    </>
  );
}
