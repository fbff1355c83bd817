import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Screen size levels of docs/spec.md §9: 3 at width ≥ 1200, 2 at ≥ 992, 1 at ≥ 768, else 0. */
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

/** Spec §2: on small screens (level ≤ 1, below 992 px) the menu collapses, and choosing an item collapses it. */
export const isSmallScreen = (level: number): boolean => level <= 1;

/**
 * The collapse flag after the screen level changed: crossing into a small screen collapses the menu, growing out of
 * it opens the menu again; otherwise the user's choice stands.
 */
export function collapseForScreen(previous: number, level: number, collapsed: boolean): boolean {
  if (isSmallScreen(level) && !isSmallScreen(previous)) return true;
  if (!isSmallScreen(level) && isSmallScreen(previous)) return false;
  return collapsed;
}

/**
 * The sidebar's collapse flag: collapsed from the start on a small screen, following the screen level as it
 * changes, and collapsing again after an item was chosen on a small screen (docs/spec.md §2), so the page is not hidden
 * behind the menu.
 */
export function useSidebarCollapse(): { collapsed: boolean; toggle: () => void; onNavigate: () => void } {
  const screen = useScreenLevel();
  const [collapsed, setCollapsed] = useState(() => isSmallScreen(screen));
  const previousScreen = useRef(screen);
  useEffect(() => {
    const previous = previousScreen.current;
    previousScreen.current = screen;
    if (previous !== screen) setCollapsed((c) => collapseForScreen(previous, screen, c));
  }, [screen]);
  const toggle = useCallback(() => setCollapsed((c) => !c), []);
  const onNavigate = useCallback(() => {
    if (isSmallScreen(screen)) setCollapsed(true);
  }, [screen]);
  return { collapsed, toggle, onNavigate };
}
