import { useEffect, useState } from 'react';

/** How long a filter waits after the last key stroke before it asks the server. */
export const FILTER_DEBOUNCE_MS = 300;

/** The value, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms = FILTER_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
