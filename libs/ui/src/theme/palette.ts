import { contrastRatio, ensureContrast, mix, readableForeground } from './color';

/** WCAG AA minimums used across the kit: normal text, and large text / UI parts (focus rings, icons). */
export const AA_TEXT = 4.5;
export const AA_UI = 3;
/** Derived text colours aim slightly above the minimum so rounding never lands them under it. */
const TARGET_TEXT = 4.6;
const TARGET_UI = 3.1;

export interface PaletteSurfaces {
  /** Page background the primary text sits on (`--background`). */
  background: string;
  /** Sidebar background (`--sidebar`). */
  sidebar: string;
  /** Card / popover background (`--card`), when it differs from the page; primary text must read on both. */
  card?: string;
  /** Hovered rows and quiet panels (`--muted`): a row's links stay readable under the pointer. */
  muted?: string;
}

/** The CSS custom properties one primary colour controls. */
export type PrimaryPalette = Record<
  | '--primary'
  | '--primary-foreground'
  | '--primary-text'
  | '--accent'
  | '--accent-foreground'
  | '--ring'
  | '--sidebar-primary'
  | '--sidebar-primary-foreground'
  | '--sidebar-ring',
  string
>;

/**
 * Derives every primary-dependent token from one colour so that text on it meets WCAG AA:
 * - `--primary-foreground`: white, a dark shade of the hue, or black, whichever reaches 4.5:1 first;
 * - `--primary-text` (links, active page): the hue darkened (light page) or lightened (dark page) to 4.5:1 on page,
 *   card and muted (a hovered row);
 * - `--accent` (hover/selected surfaces): 10% of the hue on the page (18% on a dark page),
 *   `--accent-foreground` the hue adjusted to 4.5:1 on it;
 * - `--ring` / `--sidebar-ring`: the hue adjusted to 3:1 against the page / sidebar (non-text contrast).
 */
export function derivePrimaryPalette(primary: string, surfaces: PaletteSurfaces): PrimaryPalette {
  const p = primary.toLowerCase();
  const darkPage =
    contrastRatio(surfaces.background, '#000000') < contrastRatio(surfaces.background, '#ffffff');
  const accent = mix(surfaces.background, p, darkPage ? 0.18 : 0.1);
  const fg = readableForeground(p, AA_TEXT);
  return {
    '--primary': p,
    '--primary-foreground': fg,
    '--primary-text': ensureContrast(
      ensureContrast(
        ensureContrast(p, surfaces.background, TARGET_TEXT),
        surfaces.card ?? surfaces.background,
        TARGET_TEXT,
      ),
      surfaces.muted ?? surfaces.background,
      TARGET_TEXT,
    ),
    '--accent': accent,
    '--accent-foreground': ensureContrast(p, accent, TARGET_TEXT),
    '--ring': ensureContrast(p, surfaces.background, TARGET_UI),
    '--sidebar-primary': p,
    '--sidebar-primary-foreground': fg,
    '--sidebar-ring': ensureContrast(p, surfaces.sidebar, TARGET_UI),
  };
}
