import type { ComponentType } from 'react';
import type { paths } from '@/config/paths';
import * as s from '@/features/site/components/admin-site-screens';

/** Issue 13 admin screens (one lazy chunk), keyed like `paths.admin.site`: the legal texts' versions, the static pages. */
export const screens: Record<keyof typeof paths.admin.site, ComponentType> = {
  'terms.add': s.AddTermsScreen,
  'terms.view': s.ViewTermsScreen,
  'terms.trash': s.TrashTermsScreen,
  'privacy.add': s.AddPrivacyScreen,
  'privacy.view': s.ViewPrivacyScreen,
  'privacy.trash': s.TrashPrivacyScreen,
  'pages.list': s.SitePagesScreen,
  'pages.edit': s.EditSitePageScreen,
};
