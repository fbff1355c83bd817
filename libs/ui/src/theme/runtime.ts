import { isHexColor } from './color';
import { derivePrimaryPalette, type PaletteSurfaces, type PrimaryPalette } from './palette';
import { resolveThemeName, type ThemeName } from './themes';

const LIGHT_SURFACES: PaletteSurfaces = {
  background: '#ffffff',
  sidebar: '#20222a',
  card: '#ffffff',
  muted: '#f5f7fa',
};
const DARK_SURFACES: PaletteSurfaces = {
  background: '#141414',
  sidebar: '#101114',
  card: '#1d1e1f',
  muted: '#262727',
};
/** Set on <html> while the "dark" theme (not the user's own dark mode) has turned dark mode on. */
const DARK_BY_THEME = 'data-theme-dark';
/** The custom primary colour in effect, so theme and mode switches can re-derive it. */
const PRIMARY_ATTR = 'data-primary-color';

function rootElement(root?: HTMLElement): HTMLElement | null {
  if (root) return root;
  return typeof document === 'undefined' ? null : document.documentElement;
}

/** The theme currently on `root` (`default` when none is). */
export function getTheme(root?: HTMLElement): ThemeName {
  const el = rootElement(root);
  const cls = el ? Array.from(el.classList).find((c) => c.startsWith('theme-')) : undefined;
  return resolveThemeName(cls);
}

/**
 * Switches the theme: removes every `theme-*` class from <html> (or `root`) and adds `theme-<name>`.
 * Accepts aliases and Saber's stored names (`smart`, `theme-hey`); unknown names fall back to `default`.
 * The "dark" theme also turns on dark mode (the `dark` class), and turns it off again when left, unless
 * dark mode was on before. A custom primary colour (setPrimaryColor) is re-derived for the new surfaces.
 */
/** The named themes' tokens load on first use; the default theme is part of the main stylesheet. */
let namedThemesCss: Promise<unknown> | undefined;
export function loadThemeStyles(): Promise<unknown> {
  namedThemesCss ??= import('../styles/themes.css');
  return namedThemesCss;
}

export function applyTheme(name: string, root?: HTMLElement): ThemeName {
  const theme = resolveThemeName(name);
  const el = rootElement(root);
  if (!el) return theme;
  for (const cls of Array.from(el.classList)) if (cls.startsWith('theme-')) el.classList.remove(cls);
  el.classList.add(`theme-${theme}`);
  if (theme === 'dark') {
    if (!el.classList.contains('dark')) {
      el.classList.add('dark');
      el.setAttribute(DARK_BY_THEME, '');
    }
  } else if (el.hasAttribute(DARK_BY_THEME)) {
    el.classList.remove('dark');
    el.removeAttribute(DARK_BY_THEME);
  }
  reapplyPrimary(el);
  // A custom primary colour is derived against the theme's page colours: derive again once they have loaded.
  if (theme !== 'default') void loadThemeStyles().then(() => reapplyPrimary(el));
  return theme;
}

/** Dark mode on or off (the `dark` class), independent of the theme. Re-derives a custom primary colour. */
export function setDarkMode(dark: boolean, root?: HTMLElement): void {
  const el = rootElement(root);
  if (!el) return;
  el.classList.toggle('dark', dark);
  el.removeAttribute(DARK_BY_THEME);
  reapplyPrimary(el);
}

function readToken(el: HTMLElement, name: string): string | null {
  if (typeof getComputedStyle === 'undefined') return null;
  const value = getComputedStyle(el).getPropertyValue(name).trim();
  return isHexColor(value) ? value : null;
}

/** The surfaces a primary palette is derived against: the computed tokens, else the kit's defaults. */
export function currentSurfaces(root?: HTMLElement): PaletteSurfaces {
  const el = rootElement(root);
  const isDark = !!el && (el.classList.contains('dark') || el.classList.contains('theme-dark'));
  const fallback = isDark ? DARK_SURFACES : LIGHT_SURFACES;
  if (!el) return fallback;
  return {
    background: readToken(el, '--background') ?? fallback.background,
    sidebar: readToken(el, '--sidebar') ?? fallback.sidebar,
    card: readToken(el, '--card') ?? fallback.card,
    muted: readToken(el, '--muted') ?? fallback.muted,
  };
}

/**
 * Overrides the theme's brand colour with `hex` and derives the whole primary palette from it (primary,
 * primary-foreground, primary-text, accent, accent-foreground, ring and the sidebar-primary tokens), so text
 * on and in that colour meets WCAG AA on the current surfaces. Set as inline custom properties on <html>.
 * Returns the palette applied. Throws on an invalid colour.
 */
export function setPrimaryColor(
  hex: string,
  options: { root?: HTMLElement; surfaces?: Partial<PaletteSurfaces> } = {},
): PrimaryPalette {
  if (!isHexColor(hex)) throw new Error(`setPrimaryColor: not a hex colour: ${hex}`);
  const color = hex.startsWith('#') ? hex : `#${hex}`;
  const el = rootElement(options.root);
  const palette = derivePrimaryPalette(color, { ...currentSurfaces(el ?? undefined), ...options.surfaces });
  if (el) {
    // Clear first, so the computed surfaces are the theme's own.
    for (const key of Object.keys(palette)) el.style.removeProperty(key);
    for (const [key, value] of Object.entries(palette)) el.style.setProperty(key, value);
    el.setAttribute(PRIMARY_ATTR, color.toLowerCase());
  }
  return palette;
}

/** Drops a custom primary colour: the theme's own palette applies again. */
export function resetPrimaryColor(root?: HTMLElement): void {
  const el = rootElement(root);
  if (!el) return;
  const keys = Object.keys(derivePrimaryPalette('#409eff', LIGHT_SURFACES));
  for (const key of keys) el.style.removeProperty(key);
  el.removeAttribute(PRIMARY_ATTR);
}

/** The custom primary colour in effect, or null when the theme's own applies. */
export function getPrimaryColor(root?: HTMLElement): string | null {
  return rootElement(root)?.getAttribute(PRIMARY_ATTR) ?? null;
}

function reapplyPrimary(el: HTMLElement): void {
  const color = el.getAttribute(PRIMARY_ATTR);
  if (!color) return;
  resetPrimaryColor(el);
  setPrimaryColor(color, { root: el });
}
