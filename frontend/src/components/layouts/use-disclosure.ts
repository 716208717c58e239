import { useCallback, useEffect, useRef, useState, type FocusEvent, type MouseEvent } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled])';

/**
 * A disclosure navigation (WAI-ARIA "disclosure navigation", not a menu widget): a button
 * (`aria-expanded`, `aria-controls`) shows a panel of links. Opening moves focus to the
 * panel's first link; the button, Escape or choosing a link closes it and focus returns to
 * the button; a pointer or focus leaving both closes it without moving focus.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    // No scroll: a link to a section of the page has just scrolled there.
    if (refocus) buttonRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  const toggle = () => (open ? close(true) : setOpen(true));

  /** Focus moving elsewhere (Tab past the last link) closes the panel; the window losing focus does not. */
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !panelRef.current?.contains(next) && !buttonRef.current?.contains(next)) setOpen(false);
  };

  /** Choosing a link closes the panel (its group buttons do not). */
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest('a[href]')) close(true);
  };

  return {
    open,
    close,
    toggle,
    buttonRef,
    buttonProps: { ref: buttonRef, 'aria-expanded': open, onClick: toggle, onBlur },
    panelRef,
    panelProps: { ref: panelRef, onBlur, onClick },
  };
}
