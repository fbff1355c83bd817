// The system feature as the console sees it: which server menu paths it serves (each page its own chunk) and its
// catalogue. Nothing here imports a page eagerly.
import en from './i18n/en';
import zh from './i18n/zh';

export const routes = {
  '/system/param': () => import('./param/ParamPage'),
} as const;

export const catalogue = { zh, en };
