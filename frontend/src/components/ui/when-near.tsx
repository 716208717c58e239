import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below the screen a box starts loading: a little ahead of the scroll, not the whole next screen. */
const AHEAD = '150px 0px';

/**
 * A box of the form's size whose content (and code) loads once it comes near the screen: the forms
 * below the fold, and their form and validation libraries, stay out of a page's first load.
 */
export function WhenNear({ id, className, children }: { id?: string; className: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={box} id={id} className={className}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
