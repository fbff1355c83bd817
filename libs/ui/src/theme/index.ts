export {
  contrastRatio,
  ensureContrast,
  isHexColor,
  mix,
  readableForeground,
  relativeLuminance,
} from './color';
export { AA_TEXT, AA_UI, derivePrimaryPalette, type PaletteSurfaces, type PrimaryPalette } from './palette';
export {
  applyTheme,
  currentSurfaces,
  getPrimaryColor,
  getTheme,
  resetPrimaryColor,
  setDarkMode,
  setPrimaryColor,
} from './runtime';
export {
  DEFAULT_PRIMARY,
  PRIMARY_PRESETS,
  resolveThemeName,
  THEME_ALIASES,
  THEME_NAMES,
  THEMES,
  type ThemeInfo,
  type ThemeName,
} from './themes';
