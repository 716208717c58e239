import { useParams } from 'react-router';
import { NotFoundPage } from '@/components/errors/not-found-page';
import { BlogPostPage } from '@/features/blog/components/blog-post-page';

/** `/blog/:slug`: one post. */
export function Component() {
  const { slug } = useParams();
  if (!slug) return <NotFoundPage />;
  return <BlogPostPage key={slug} slug={slug} />;
}
