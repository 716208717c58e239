import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (room windows, upcoming/past, refund rule). */
export const useNow = (everyMs = 30_000) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
};
