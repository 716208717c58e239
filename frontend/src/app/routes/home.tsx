import { LazyLatestPosts } from '@/features/blog/components/lazy-latest-posts';
import { HomePage } from '@/features/home/components/home-page';

/** The home page (in the first load) with the latest blog posts (loaded after it). */
export function Component() {
  return <HomePage latestPosts={<LazyLatestPosts />} />;
}
