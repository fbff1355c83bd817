// The developer tools feature as the console composes it (docs/architecture.md §4): the menu paths it serves, each
// page its own chunk, and its catalogue. Nothing here imports a page eagerly. The menu icons (code-xml, database,
// wrench) are the console's own (libs/crud/src/menu-icon-set.ts).
import { defineFeature } from '@smart/crud';
import en from './i18n/en';
import zh from './i18n/zh';

export const feature = defineFeature({
  name: 'develop',
  routes: {
    '/tool/code': () => import('./code/CodePage'),
    '/tool/datasource': () => import('./datasource/DatasourcePage'),
  },
  catalogue: { zh, en },
});
