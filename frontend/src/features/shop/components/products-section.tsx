import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formStyles } from '@/components/form/form-styles';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { ListStatus } from '@/components/ui/list-status';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import prose from '@/components/ui/prose.module.css';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, formatPrice } from '@/lib/format';
import { rememberRedirectUrl } from '@/lib/redirect-url';
import { errorText } from '@/lib/toast';
import { usePublicProduct, usePublicProducts } from '../api/get-products';
import {
  useClaimProduct,
  useMyPurchases,
  usePayProduct,
  useStartProductPayment,
  type PaymentStart,
} from '../api/purchases';
import { inLanguage, type Money, type ProductCard, type Purchase } from '../api/types';
import styles from './shop.module.css';
import { useClientSignedIn } from './use-client-signed-in';
import { useShopParams } from './use-shop-params';

/** The booking page's card form (given by the route: features do not import each other). */
export type PaymentFormProps = {
  intent: PaymentStart;
  total: Money;
  finish: (intentId: string) => Promise<string | null>;
};
export type PaymentForm = ComponentType<PaymentFormProps>;

const downloadHref = (id: string, purchase?: Purchase) =>
  purchase?.download_url ?? `/api/client/digital-products/${encodeURIComponent(id)}/download`;

function DownloadLink({ id, title, purchase }: { id: string; title: string; purchase?: Purchase }) {
  const { t } = useTranslation();
  return (
    <a className="btn btn-small" href={downloadHref(id, purchase)} download aria-label={t('shop.buy.downloadNamed', { title })}>
      {t('shop.buy.download')}
    </a>
  );
}

/** The card form for one product, then « Paiement accepté » and the download. */
function BuyDialog({ product, intent, PaymentForm, onClose }: { product: ProductCard; intent: PaymentStart; PaymentForm: PaymentForm; onClose: () => void }) {
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

/**
 * The product's action: « Télécharger » when the client has it; « Obtenir gratuitement » (claim) or
 * « Acheter — 12,00 € » (card form); a visitor is sent to the client sign-in and comes back here.
 */
function BuyPanel({ product, purchase, signedIn, PaymentForm }: { product: ProductCard; purchase?: Purchase; signedIn: boolean; PaymentForm: PaymentForm }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const claim = useClaimProduct();
  const start = useStartProductPayment();
  const [intent, setIntent] = useState<PaymentStart | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const title = inLanguage(product.title_fr, product.title_en, i18n.language);
  const price = formatPrice(product.price.amount_minor, product.price.currency, i18n.language);

  const signIn = () => {
    rememberRedirectUrl(`${location.pathname}${location.search}`);
    void navigate(paths.public.client.signIn.getHref());
  };
  const act = () => {
    setMessage(null);
    if (!signedIn) return signIn();
    if (product.free) {
      claim.mutate(product.id, {
        onSuccess: () => setMessage({ ok: true, text: t('shop.buy.claimed') }),
        onError: (error) => setMessage({ ok: false, text: errorText(error, t('errors.network')) }),
      });
      return;
    }
    start.mutate(product.id, {
      onSuccess: (answer) => {
        if (answer.purchased || !answer.payment) setMessage({ ok: true, text: t('shop.buy.alreadyOwned') });
        else setIntent(answer.payment);
      },
      onError: (error) => setMessage({ ok: false, text: errorText(error, t('errors.network')) }),
    });
  };

  const busy = claim.isPending || start.isPending;
  return (
    <div className={styles.section}>
      {purchase ? (
        <DownloadLink id={product.id} title={title} purchase={purchase} />
      ) : (
        <button
          type="button"
          className="btn btn-small"
          onClick={act}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={t(product.free ? 'shop.buy.claimNamed' : 'shop.buy.buyNamed', { title, price })}
        >
          {product.free ? t('shop.buy.claim') : t('shop.buy.buy', { price })}
        </button>
      )}
      {!purchase && !signedIn && <p className={styles.notice}>{t('shop.buy.signInFirst')}</p>}
      <p className={styles.notice}>{t('shop.buy.withdrawal')}</p>
      <div role="status">{message?.ok ? <p className={styles.success}>{message.text}</p> : null}</div>
      <div role="alert">{message && !message.ok ? <p className={formStyles.error}>{message.text}</p> : null}</div>
      {intent && <BuyDialog product={product} intent={intent} PaymentForm={PaymentForm} onClose={() => setIntent(null)} />}
    </div>
  );
}

function ProductDialog({ card, onClose }: { card: ProductCard; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const product = usePublicProduct(card.id);
  const language = i18n.language === 'en' ? 'en' : 'fr';
  return (
    <Dialog title={inLanguage(card.title_fr, card.title_en, language)} onClose={onClose} wide>
      {product.isPending && <p role="status">{t('common.loading')}</p>}
      {product.isError && <p role="alert">{t('shop.detailsFailed')}</p>}
      {product.data && (
        <div
          className={prose.prose}
          lang={language === 'en' && product.data.description_en ? 'en' : 'fr'}
          dangerouslySetInnerHTML={{ __html: language === 'en' ? product.data.html_en : product.data.html_fr }}
        />
      )}
      <DialogActions>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('shop.close')}
        </button>
      </DialogActions>
    </Dialog>
  );
}

/** « Produits numériques »: cards with the price (or « Gratuit »), details and the purchase. */
export function ProductsSection({ PaymentForm }: { PaymentForm: PaymentForm }) {
  const { t, i18n } = useTranslation();
  const params = useShopParams();
  const list = usePublicProducts({ search: '', price: '', page: params.productsPage });
  const signedIn = useClientSignedIn();
  const purchases = useMyPurchases(signedIn);
  const [open, setOpen] = useState<ProductCard | null>(null);
  const data = list.data;
  return (
    <>
      <section className={styles.section} aria-labelledby="products-title">
        <h2 id="products-title">{t('shop.products.title')}</h2>
        <ListStatus list={list} totalText={(count) => t('shop.products.total', { count })} />
        {data && data.items.length > 0 && (
          <ul className={styles.grid}>
            {data.items.map((product) => {
              const title = inLanguage(product.title_fr, product.title_en, i18n.language);
              return (
                <li key={product.id}>
                  <article className={`card ${styles.card}`}>
                    {product.cover_url ? (
                      <img className={styles.cover} src={product.cover_url} alt={title} width={400} height={300} loading="lazy" />
                    ) : null}
                    <div className={styles.body}>
                      <h3 className={styles.title}>{title}</h3>
                      <p className={styles.price}>
                        {product.free
                          ? t('shop.products.free')
                          : formatPrice(product.price.amount_minor, product.price.currency, i18n.language)}
                      </p>
                      <p>{inLanguage(product.excerpt_fr, product.excerpt_en, i18n.language)}</p>
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className="btn btn-secondary btn-small"
                          onClick={() => setOpen(product)}
                          aria-label={t('shop.detailsOf', { name: title })}
                        >
                          {t('shop.details')}
                        </button>
                      </div>
                      <BuyPanel
                        product={product}
                        purchase={purchases.data?.find((p) => p.id === product.id)}
                        signedIn={signedIn}
                        PaymentForm={PaymentForm}
                      />
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
        {data && data.items.length === 0 && <p>{t('shop.products.empty')}</p>}
        {data && <Pagination page={params.productsPage} pageCount={pageCountOf(data)} onPage={params.goToProductsPage} />}
        {open && <ProductDialog card={open} onClose={() => setOpen(null)} />}
      </section>
      {signedIn && (
        <section className={styles.section} aria-labelledby="purchases-title">
          <h2 id="purchases-title">{t('shop.purchases.title')}</h2>
          {purchases.isPending && <p role="status">{t('common.loading')}</p>}
          {purchases.isError && <p role="alert">{errorText(purchases.error, t('errors.network'))}</p>}
          {purchases.data && purchases.data.length === 0 && <p>{t('shop.purchases.empty')}</p>}
          {purchases.data && purchases.data.length > 0 && (
            <ul className={styles.purchases}>
              {purchases.data.map((purchase) => {
                const title = inLanguage(purchase.title_fr, purchase.title_en, i18n.language);
                return (
                  <li key={purchase.id}>
                    <span>
                      <strong>{title}</strong>
                      <br />
                      <span className={styles.muted}>
                        {purchase.paid.amount_minor === 0
                          ? t('shop.products.free')
                          : formatPrice(purchase.paid.amount_minor, purchase.paid.currency, i18n.language)}{' '}
                        · {formatDateTime(purchase.purchased_at, i18n.language)}
                      </span>
                    </span>
                    <DownloadLink id={purchase.id} title={title} purchase={purchase} />
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
