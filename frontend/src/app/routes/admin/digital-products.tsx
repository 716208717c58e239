import type { ComponentType } from 'react';
import type { paths } from '@/config/paths';
import * as s from '@/features/shop/components/admin-product-screens';

/** spec §2 admin digital product screens and our catalogue's (one lazy chunk), keyed like `paths.admin.digitalProducts`. */
export const screens: Record<keyof typeof paths.admin.digitalProducts, ComponentType> = {
  add: s.AddProductScreen,
  edit: s.EditProductScreen,
  view: s.ViewProductScreen,
  trash: s.ViewTrashProductScreen,
  catalogue: s.CatalogueScreen,
  catalogueAdd: s.CatalogueAddScreen,
  catalogueEdit: s.CatalogueEditScreen,
  catalogueTrash: s.CatalogueTrashScreen,
};
