// The system feature as the console sees it: which server menu paths it serves (each page its own chunk) and its
// catalogue. Nothing here imports a page eagerly.
import en from './i18n/en';
import zh from './i18n/zh';

export const routes = {
  '/system/param': () => import('./param/ParamPage'),
  '/system/post': () => import('./post/PostPage'),
  '/system/dict': () => import('./dict/DictPage'),
  '/system/dictbiz': () => import('./dict/DictBizPage'),
  '/system/tenantpackage': () => import('./tenant-package/TenantPackagePage'),
  '/dict-horizontal/index': () => import('./dict/DictHorizontalPage'),
  '/dict-vertical/index': () => import('./dict/DictVerticalPage'),
} as const;

/**
 * Catalogue keys of the tab labels of the routes above that are not in the server menu (docs/spec.md §2 "Routes inside
 * the main layout"): menu pages take the menu's name, these have none.
 */
export const routeLabels = {
  '/dict-horizontal/index': 'system.dict.horizontalTitle',
  '/dict-vertical/index': 'system.dict.verticalTitle',
} as const;

export const catalogue = { zh, en };
