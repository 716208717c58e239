import { useEffect } from 'react';

/** Keeps the reset token out of Referer headers while the page is open (DESIGN §2). */
export const useNoReferrer = () => {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
};
