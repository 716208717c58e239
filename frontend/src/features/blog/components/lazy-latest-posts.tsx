import { lazy } from 'react';
import { SCREEN_AHEAD } from '@/components/ui/use-near';
import { WhenNear } from '@/components/ui/when-near';
import { loadBlogTexts } from '@/lib/i18n';

// The post lists, their request and their texts stay out of the home page's and the expert page's
// first load: they come a screen before the reader reaches them.
const load = () => Promise.all([import('./latest-posts'), loadBlogTexts()]).then(([module]) => module);
const LatestPosts = lazy(() => load().then((module) => ({ default: module.LatestPosts })));
const ExpertPosts = lazy(() => load().then((module) => ({ default: module.ExpertPosts })));

/** The home page's latest posts; hidden until (and unless) there are some. */
export function LazyLatestPosts() {
  return (
    <WhenNear ahead={SCREEN_AHEAD}>
      <LatestPosts />
    </WhenNear>
  );
}

/** An expert's latest posts on their page; hidden until (and unless) there are some. */
export function LazyExpertPosts({ consultantId }: { consultantId: string }) {
  return (
    <WhenNear ahead={SCREEN_AHEAD}>
      <ExpertPosts consultantId={consultantId} />
    </WhenNear>
  );
}
