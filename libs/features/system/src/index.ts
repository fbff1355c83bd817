// The system feature as the console composes it (docs/architecture.md §4): which server menu paths it serves (each
// page its own chunk), the tab labels of its routes outside the menu, its menu icons and its catalogue. Nothing here
// imports a page eagerly.
import { defineFeature } from '@smart/crud';
import {
  AppWindow,
  BookA,
  BookType,
  IdCard,
  Package,
  PanelTop,
  SlidersHorizontal,
  UserCog,
} from 'lucide-react';
import en from './i18n/en';
import zh from './i18n/zh';

export const feature = defineFeature({
  name: 'system',
  routes: {
    '/system/user': () => import('./user/UserPage'),
    '/system/param': () => import('./param/ParamPage'),
    '/base/region': () => import('./region/RegionPage'),
    '/system/post': () => import('./post/PostPage'),
    '/system/client': () => import('./client/ClientPage'),
    '/system/topmenu': () => import('./topmenu/TopMenuPage'),
    '/system/dict': () => import('./dict/DictPage'),
    '/system/dictbiz': () => import('./dict/DictBizPage'),
    '/system/tenant': () => import('./tenant/TenantPage'),
    '/system/tenantpackage': () => import('./tenant-package/TenantPackagePage'),
    '/authority/role': () => import('./role/RolePage'),
    '/dict-horizontal/index': () => import('./dict/DictHorizontalPage'),
    '/dict-vertical/index': () => import('./dict/DictVerticalPage'),
  },
  routeLabels: {
    '/dict-horizontal/index': 'system.dict.horizontalTitle',
    '/dict-vertical/index': 'system.dict.verticalTitle',
  },
  // Icons of the menus of these pages, by the names the contract (`x-entity.menu.icon`) and the seed give them.
  icons: {
    'sliders-horizontal': SlidersHorizontal,
    'id-card': IdCard,
    'app-window': AppWindow,
    'panel-top': PanelTop,
    'book-a': BookA,
    'book-type': BookType,
    package: Package,
    'user-cog': UserCog,
  },
  // pages that stay the kit's generic ones, with what they add (libs/crud entity-extension.ts)
  entityExtensions: {
    menu: () => import('./menu/menu-extension'),
    'data-scope': () => import('./scope/scope-extension').then((m) => ({ default: m.dataScopePage })),
    'api-scope': () => import('./scope/scope-extension').then((m) => ({ default: m.apiScopePage })),
  },
  catalogue: { zh, en },
});
