import { LazyLatestPosts } from '@/features/blog/components/lazy-latest-posts';
import { HomePage } from '@/features/home/components/home-page';
import { LazyQuoteOfTheDay } from '@/features/quotes/components/lazy-quote-of-the-day';
import { LazyStarterKit } from './lazy-lists';

/**
 * The home page (painted by the server first) with the starter-kit request, the latest blog posts and the quote of
 * the day (loaded after it).
 */
export function Component() {
  return (
    <HomePage
      starterKit={<LazyStarterKit />}
      latestPosts={<LazyLatestPosts />}
      quoteOfTheDay={<LazyQuoteOfTheDay />}
    />
  );
}
