import { useSyncExternalStore } from 'react';

/** Screen size levels of spec §9: 3 at width ≥ 1200, 2 at ≥ 992, 1 at ≥ 768, else 0. */
export function screenLevel(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useScreenLevel(): 0 | 1 | 2 | 3 {
  return useSyncExternalStore(subscribe, () => screenLevel(window.innerWidth));
}
