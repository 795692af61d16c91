import { useEffect, useRef } from 'react';

/** Runs `onVisible` each time the browser tab becomes visible again (not on mount). */
export function useVisibleAgain(onVisible: () => void) {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const listener = () => {
      if (document.visibilityState === 'visible') callback.current();
    };
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  }, []);
}
