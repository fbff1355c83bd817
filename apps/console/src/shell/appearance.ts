// Theme and primary colour (docs/spec.md §2 top bar, §9 storage rules): kept under the prefixed keys `themeName` and
// `colorName` in local storage, and applied at start-up, so the login and lock pages wear them too (upstream
// applied the theme only once the top bar mounted).
import { getStore, removeStore, setStore } from '@smart/auth';
import {
  applyTheme,
  DEFAULT_PRIMARY,
  isHexColor,
  resetPrimaryColor,
  resolveThemeName,
  setPrimaryColor,
  type ThemeName,
} from '@smart/ui';
import { useSyncExternalStore } from 'react';

export const THEME_KEY = 'themeName';
export const COLOR_KEY = 'colorName';

export interface Appearance {
  theme: ThemeName;
  /** The chosen primary colour, or null for the theme's own. */
  color: string | null;
}

const listeners = new Set<() => void>();

function read(): Appearance {
  const color = getStore<string>({ name: COLOR_KEY });
  return {
    theme: resolveThemeName(getStore<string>({ name: THEME_KEY })),
    color: typeof color === 'string' && isHexColor(color) ? color : null,
  };
}

let current: Appearance = read();

function emit(next: Appearance): void {
  current = next;
  for (const listener of [...listeners]) listener();
}

/** Applies the stored theme and colour (start-up). */
export function restoreAppearance(): Appearance {
  current = read();
  applyTheme(current.theme);
  if (current.color) setPrimaryColor(current.color);
  else resetPrimaryColor();
  return current;
}

/** Switches and keeps the theme. */
export function setTheme(name: string): ThemeName {
  const theme = applyTheme(name);
  setStore({ name: THEME_KEY, content: theme });
  emit({ ...current, theme });
  return theme;
}

/** Sets and keeps the primary colour; `undefined` (or the default colour on the default theme) drops it. */
export function setColor(hex: string | undefined): void {
  if (!hex || !isHexColor(hex)) {
    resetPrimaryColor();
    removeStore({ name: COLOR_KEY });
    emit({ ...current, color: null });
    return;
  }
  setPrimaryColor(hex);
  setStore({ name: COLOR_KEY, content: hex });
  emit({ ...current, color: hex });
}

export function useAppearance(): Appearance {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}

export { DEFAULT_PRIMARY };
