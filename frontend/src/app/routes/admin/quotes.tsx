import type { ComponentType } from 'react';
import type { paths } from '@/config/paths';
import * as s from '@/features/quotes/components/admin-quote-screens';

/** spec §2 admin quote screens (one lazy chunk), keyed like `paths.admin.quotes`. */
export const screens: Record<keyof typeof paths.admin.quotes, ComponentType> = {
  add: s.AddQuoteScreen,
  edit: s.EditQuoteScreen,
  view: s.ViewQuoteScreen,
  trash: s.ViewTrashQuoteScreen,
};
