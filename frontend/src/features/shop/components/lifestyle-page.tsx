import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layouts/page-title';
import { CatalogueSection } from './catalogue-section';
import { ProductsSection, type PaymentForm } from './products-section';
import styles from './shop.module.css';

/**
 * spec §1 and §2 `/lifestyle-product`: « Catalogue ayurvédique » (filters in the address, pages, details
 * in a dialog) and « Produits numériques » (details, purchase with the booking's card form, downloads,
 * « Mes achats » for a signed-in client).
 */
export function LifestylePage({ PaymentForm }: { PaymentForm: PaymentForm }) {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.page}`}>
      <PageTitle subtitle={t('content.lifestyle.lead')}>{t('content.lifestyle.title')}</PageTitle>
      <CatalogueSection />
      <ProductsSection PaymentForm={PaymentForm} />
    </div>
  );
}
