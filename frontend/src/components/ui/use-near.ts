import { useEffect, useState, type RefObject } from 'react';

/** How far below the screen a box starts loading: a little ahead of the scroll, not the whole next screen. */
const AHEAD = '150px 0px';

/**
 * A screen ahead: for content that takes no room until it comes (a list shown only when it has
 * items), so it is there before it is seen and never moves what the reader is looking at.
 */
export const SCREEN_AHEAD = '100% 0px';

/** True once `box` has come within `ahead` of the screen (at once where the browser cannot tell). */
export function useNear(box: RefObject<Element | null>, ahead = AHEAD) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: ahead },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, near, ahead]);
  return near;
}
