import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-error';
import { errorText } from '@/lib/toast';
import { usePublicProduct } from '../api/get-products';
import { usePayProduct, type PaymentStart } from '../api/purchases';
import { inLanguage, type ProductCard } from '../api/types';
import { DescriptionDialog } from './description-dialog';
import { DownloadLink } from './download-link';
import type { PaymentForm } from './products-section';
import styles from './shop.module.css';

// The digital products' dialogs, in their own chunk (with Headless UI's dialog): `products-section`
// loads it when a visitor opens a product's details or starts a purchase.

/**
 * The card form for one product, then « Paiement accepté » and the download. The form may be lazily
 * loaded: the dialog then shows once it is there (the caller's Suspense), so focus still lands on its
 * first field.
 */
export function BuyDialog({ product, intent, PaymentForm, onClose }: { product: ProductCard; intent: PaymentStart; PaymentForm: PaymentForm; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const pay = usePayProduct();
  const [paid, setPaid] = useState(false);
  const title = inLanguage(product.title_fr, product.title_en, i18n.language);
  const finish = async (intentId: string) => {
    try {
      await pay.mutateAsync({ id: product.id, intentId });
      setPaid(true);
      return null;
    } catch (error) {
      if (isApiError(error) && error.code === 'payment_pending') return t('shop.buy.pending');
      return errorText(error, t('errors.network'));
    }
  };
  return (
    <Dialog title={t('shop.buy.dialogTitle', { title })} onClose={onClose} wide>
      {paid ? (
        <div role="status">
          <p className={styles.success}>{t('shop.buy.paid')}</p>
          <p>
            <DownloadLink id={product.id} title={title} />
          </p>
        </div>
      ) : (
        <>
          <p className={styles.notice}>{t('shop.buy.withdrawal')}</p>
          <PaymentForm intent={intent} total={product.price} finish={finish} />
        </>
      )}
      <DialogActions>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('shop.close')}
        </button>
      </DialogActions>
    </Dialog>
  );
}

/** A product's details: its sanitised description. */
export function ProductDialog({ card, onClose }: { card: ProductCard; onClose: () => void }) {
  const { i18n } = useTranslation();
  const product = usePublicProduct(card.id);
  return (
    <DescriptionDialog
      title={inLanguage(card.title_fr, card.title_en, i18n.language === 'en' ? 'en' : 'fr')}
      details={product}
      onClose={onClose}
    />
  );
}
