import { lazy, Suspense } from 'react';
import { loadBlogTexts } from '@/lib/i18n';

// The post lists and their texts stay out of the home page's and the expert page's first load.
const load = () => Promise.all([import('./latest-posts'), loadBlogTexts()]).then(([module]) => module);
const LatestPosts = lazy(() => load().then((module) => ({ default: module.LatestPosts })));
const ExpertPosts = lazy(() => load().then((module) => ({ default: module.ExpertPosts })));

/** The home page's latest posts, loaded after the page; hidden until (and unless) there are some. */
export function LazyLatestPosts() {
  return (
    <Suspense fallback={null}>
      <LatestPosts />
    </Suspense>
  );
}

/** An expert's latest posts on their page, loaded after it; hidden until (and unless) there are some. */
export function LazyExpertPosts({ consultantId }: { consultantId: string }) {
  return (
    <Suspense fallback={null}>
      <ExpertPosts consultantId={consultantId} />
    </Suspense>
  );
}
