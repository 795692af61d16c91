import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#common/constants.js';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', notify);
      return () => m.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** 768 px wide or less (part 1 §9). */
export const useIsNarrow = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
