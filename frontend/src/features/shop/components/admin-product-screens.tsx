import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { PageTitle } from '@/components/layouts/page-title';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/toast';
import { useAdminCatalogueItem } from '../api/admin-catalogue';
import { useAdminProduct } from '../api/admin-products';
import { AdminCatalogueList } from './admin-catalogue-list';
import { AdminProductList } from './admin-product-list';
import { CatalogueForm } from './catalogue-form';
import { ProductForm } from './product-form';

/** spec §2 admin `add-digital-product`. */
export function AddProductScreen() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageTitle>{t('adminProducts.titles.add')}</PageTitle>
      <div className="card">
        <ProductForm />
      </div>
    </div>
  );
}

function EditProduct({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useAdminProduct(id);
  const product = query.data;
  return (
    <div className="stack">
      <PageTitle>{t('adminProducts.titles.edit')}</PageTitle>
      <div className="card">
        {product ? (
          <>
            <p>{t('adminProducts.sales', { count: product.sales ?? 0 })}</p>
            {product.trashed ? (
              <p role="status">
                {t('adminProducts.form.trashed')}{' '}
                <Link to={paths.admin.digitalProducts.trash.getHref()}>{t('adminProducts.titles.trash')}</Link>
              </p>
            ) : (
              <ProductForm key={`${product.id}-${product.updated_at}`} product={product} />
            )}
          </>
        ) : query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}

/** spec §2 admin `edit-digital-product/{id}` (with its sales). */
export function EditProductScreen() {
  const { id } = useParams();
  return id ? <EditProduct key={id} id={id} /> : <NotFoundPage />;
}

/** spec §2 admin `view-digital-product`. */
export function ViewProductScreen() {
  return <AdminProductList trashed={false} />;
}

/** spec §2 admin `view-trash-digital-product`. */
export function ViewTrashProductScreen() {
  return <AdminProductList trashed />;
}

/** Ours: `/admin/lifestyle-products`, the catalogue. */
export function CatalogueScreen() {
  return <AdminCatalogueList trashed={false} />;
}

/** Ours: `/admin/view-trash-lifestyle-product`. */
export function CatalogueTrashScreen() {
  return <AdminCatalogueList trashed />;
}

/** Ours: `/admin/add-lifestyle-product`. */
export function CatalogueAddScreen() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageTitle>{t('adminProducts.titles.catalogueAdd')}</PageTitle>
      <div className="card">
        <CatalogueForm />
      </div>
    </div>
  );
}

function EditCatalogueItem({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useAdminCatalogueItem(id);
  const item = query.data;
  return (
    <div className="stack">
      <PageTitle>{t('adminProducts.titles.catalogueEdit')}</PageTitle>
      <div className="card">
        {item ? (
          item.trashed ? (
            <p role="status">
              {t('adminProducts.form.trashed')}{' '}
              <Link to={paths.admin.digitalProducts.catalogueTrash.getHref()}>{t('adminProducts.titles.catalogueTrash')}</Link>
            </p>
          ) : (
            <CatalogueForm key={`${item.id}-${item.updated_at}`} item={item} />
          )
        ) : query.isError ? (
          <p role="alert">{errorText(query.error, t('errors.network'))}</p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
    </div>
  );
}

/** Ours: `/admin/edit-lifestyle-product/{id}`. */
export function CatalogueEditScreen() {
  const { id } = useParams();
  return id ? <EditCatalogueItem key={id} id={id} /> : <NotFoundPage />;
}
