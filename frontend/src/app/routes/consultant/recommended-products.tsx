import { RecommendedProductsPage } from '@/features/shop/components/recommended-products-editor';

/** Ours (issue 13) `/consultant/recommended-products`: the catalogue's products the expert recommends. */
export function Component() {
  return <RecommendedProductsPage />;
}
