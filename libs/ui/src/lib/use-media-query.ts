import * as React from 'react';

/** Below this width (Tailwind's `sm`) a page is laid out for a phone. */
export const PHONE_QUERY = '(max-width: 639px)';

/**
 * Whether the media query matches, following changes (a window resized, a phone turned). Without `matchMedia`
 * (a test DOM, the server) it never matches: the wide layout is the default.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () =>
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(query).matches;
  return React.useSyncExternalStore(subscribe, matches, () => false);
}
