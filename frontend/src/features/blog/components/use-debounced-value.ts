import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delay` ms (a search typed letter by letter asks once). */
export const useDebouncedValue = <T,>(value: T, delay = 250): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return settled;
};
