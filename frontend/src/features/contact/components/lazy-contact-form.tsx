import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const ContactForm = lazy(() => import('./contact-form').then((module) => ({ default: module.ContactForm })));

/** The contact form (Formik, yup) loads after the page's title and text. */
export function LazyContactForm() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
      <ContactForm />
    </Suspense>
  );
}
