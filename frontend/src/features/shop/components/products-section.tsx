import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/form/form-styles';
import { ListStatus } from '@/components/ui/list-status';
import { pageCountOf } from '@/components/ui/page-count';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime, formatPrice } from '@/lib/format';
import { errorText } from '@/lib/toast';
import { useSignInThenBack } from '@/lib/use-sign-in-then-back';
import { usePublicProducts } from '../api/get-products';
import { useClaimProduct, useMyPurchases, useStartProductPayment, type PaymentStart } from '../api/purchases';
import { inLanguage, type Money, type ProductCard, type Purchase } from '../api/types';
import { DownloadLink } from './download-link';
import styles from './shop.module.css';
import { useClientSignedIn } from './use-client-signed-in';
import { useShopParams } from './use-shop-params';

/**
 * The booking page's card form (given by the route: features do not import each other). It may be
 * lazy (`preload` then starts its loading when a purchase starts): the purchase dialog shows once it is
 * loaded.
 */
export type PaymentFormProps = {
  intent: PaymentStart;
  total: Money;
  finish: (intentId: string) => Promise<string | null>;
};
export type PaymentForm = ComponentType<PaymentFormProps> & { preload?: () => unknown };

// The details and purchase dialogs (Headless UI's dialog and its portal) load only when a visitor opens one.
const loadDialogs = () => import('./product-dialogs');
const ProductDialog = lazy(() => loadDialogs().then((module) => ({ default: module.ProductDialog })));
const BuyDialog = lazy(() => loadDialogs().then((module) => ({ default: module.BuyDialog })));

/**
 * The product's action: « Télécharger » when the client has it; « Obtenir gratuitement » (claim) or
 * « Acheter — 12,00 € » (card form); a visitor is sent to the client sign-in and comes back here.
 */
function BuyPanel({ product, purchase, signedIn, PaymentForm }: { product: ProductCard; purchase?: Purchase; signedIn: boolean; PaymentForm: PaymentForm }) {
  const { t, i18n } = useTranslation();
  const claim = useClaimProduct();
  const start = useStartProductPayment();
  const [intent, setIntent] = useState<PaymentStart | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const title = inLanguage(product.title_fr, product.title_en, i18n.language);
  const price = formatPrice(product.price.amount_minor, product.price.currency, i18n.language);

  const signIn = useSignInThenBack();
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
    // The dialog and the card form load while the payment is being started.
    void loadDialogs();
    PaymentForm.preload?.();
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
      {/* Shown once it and the card form are loaded (nothing while they load): focus then lands on the form. */}
      <Suspense fallback={null}>
        {intent && <BuyDialog product={product} intent={intent} PaymentForm={PaymentForm} onClose={() => setIntent(null)} />}
      </Suspense>
    </div>
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
        <Suspense fallback={null}>{open && <ProductDialog card={open} onClose={() => setOpen(null)} />}</Suspense>
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
