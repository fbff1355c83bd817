// The Douyin feature as the console composes it (docs/architecture.md §4): the menu paths it serves, each page its own
// chunk, its menu icons and its catalogue. Nothing here imports a page eagerly.
import { defineFeature } from '@smart/crud';
import { MessageSquareText } from 'lucide-react';
import en from './i18n/en';
import zh from './i18n/zh';

export const feature = defineFeature({
  name: 'dy',
  routes: {
    '/dy/dy_common': () => import('./dy-common/DyCommonPage'),
  },
  // The icon of the phrase menu (openapi.yaml `x-entity.menu.icon` of dy_common).
  icons: { 'message-square-text': MessageSquareText },
  catalogue: { zh, en },
});
