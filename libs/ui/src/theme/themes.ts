/** The themes the spec's theme picker offers (§2 top bar), in its order. `smart` is the spec's alias of `bule`. */
export const THEME_NAMES = [
  'default',
  'white',
  'dark',
  'star',
  'bule',
  'iview',
  'vip',
  'cool',
  'd2',
  'hey',
  'lte',
] as const;

export type ThemeName = (typeof THEME_NAMES)[number];

export interface ThemeInfo {
  name: ThemeName;
  /** Picker labels. */
  label: { zh: string; en: string };
  /** The theme's brand colour (`--primary`). */
  primary: string;
  /** Sidebar background, for picker swatches. */
  sidebar: string;
}

/** The spec's default colour (§9). */
export const DEFAULT_PRIMARY = '#409eff';

export const THEMES: readonly ThemeInfo[] = [
  { name: 'default', label: { zh: '默认主题', en: 'Default' }, primary: DEFAULT_PRIMARY, sidebar: '#20222a' },
  { name: 'white', label: { zh: '白色主题', en: 'White' }, primary: DEFAULT_PRIMARY, sidebar: '#ffffff' },
  { name: 'dark', label: { zh: '黑色主题', en: 'Dark' }, primary: DEFAULT_PRIMARY, sidebar: '#0b0c0f' },
  { name: 'star', label: { zh: '炫彩主题', en: 'Star' }, primary: '#6f7bf7', sidebar: '#141838' },
  { name: 'bule', label: { zh: '智能主题', en: 'Smart (blue)' }, primary: '#1e88e5', sidebar: '#0d3a73' },
  { name: 'iview', label: { zh: 'iView 主题', en: 'iView' }, primary: '#2d8cf0', sidebar: '#515a6e' },
  { name: 'vip', label: { zh: 'VIP 主题', en: 'VIP' }, primary: '#d4a84b', sidebar: '#1c1c1c' },
  { name: 'cool', label: { zh: '酷炫主题', en: 'Cool' }, primary: '#13a8a8', sidebar: '#0f3a44' },
  { name: 'd2', label: { zh: 'D2 主题', en: 'D2' }, primary: '#2f74ff', sidebar: '#ebf1f6' },
  { name: 'hey', label: { zh: 'Hey 主题', en: 'Hey' }, primary: '#19be6b', sidebar: '#ffffff' },
  { name: 'lte', label: { zh: 'LTE 主题', en: 'AdminLTE' }, primary: '#3c8dbc', sidebar: '#222d32' },
];

/** Names accepted by `applyTheme` besides THEME_NAMES (with or without the `theme-` prefix Saber stored). */
export const THEME_ALIASES: Readonly<Record<string, ThemeName>> = { smart: 'bule', blue: 'bule' };

/** Normalises a stored or user-facing theme name (`theme-hey`, `smart`, `HEY`); unknown names give `default`. */
export function resolveThemeName(name: string | null | undefined): ThemeName {
  const key = (name ?? '')
    .trim()
    .toLowerCase()
    .replace(/^theme-/, '');
  if ((THEME_NAMES as readonly string[]).includes(key)) return key as ThemeName;
  return THEME_ALIASES[key] ?? 'default';
}

/** Colour presets for the primary colour picker (Saber's predefined swatches plus a light yellow). */
export const PRIMARY_PRESETS: readonly string[] = [
  DEFAULT_PRIMARY,
  '#304156',
  '#212121',
  '#11a983',
  '#13c2c2',
  '#6959cd',
  '#f5222d',
  '#f7ba2a',
];
