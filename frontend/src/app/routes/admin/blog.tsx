import type { ComponentType } from 'react';
import type { paths } from '@/config/paths';
import * as s from '@/features/blog/components/admin-blog-screens';

/** spec §2 admin blog screens (one lazy chunk), keyed like `paths.admin.blog`. */
export const screens: Record<keyof typeof paths.admin.blog, ComponentType> = {
  add: s.AddBlogScreen,
  edit: s.EditBlogScreen,
  view: s.ViewBlogScreen,
  trash: s.ViewTrashBlogScreen,
};
