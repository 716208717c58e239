import { Suspense, useRef, type ReactNode } from 'react';
import { useNear } from './use-near';

type Props = {
  id?: string;
  /** The box's size while its content has not come (a form's), so nothing moves when it does. */
  className?: string;
  /** How far ahead of the screen it loads (150 px by default; `SCREEN_AHEAD`). */
  ahead?: string;
  children: ReactNode;
};

/**
 * A box whose content (and code) loads once it comes near the screen: the forms and lists below
 * the fold, and their libraries and texts, stay out of a page's first load.
 */
export function WhenNear({ id, className, ahead, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNear(box, ahead);
  return (
    <div ref={box} id={id} className={className}>
      {near && <Suspense fallback={null}>{children}</Suspense>}
    </div>
  );
}
