import { BlogListPage } from '@/features/blog/components/blog-list-page';

/** `/blog`: the published posts (the public header's Blog). */
export function Component() {
  return <BlogListPage />;
}
