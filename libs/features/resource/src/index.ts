// The resource feature as the console composes it (docs/architecture.md §4): the menu paths it serves, each page its
// own chunk, its menu icons and its catalogue. Nothing here imports a page eagerly.
import { defineFeature } from '@smart/crud';
import { Cloud, HardDrive, MessageSquareMore, Paperclip } from 'lucide-react';
import en from './i18n/en';
import zh from './i18n/zh';

export const feature = defineFeature({
  name: 'resource',
  routes: {
    '/resource/oss': () => import('./oss/OssPage'),
    '/resource/sms': () => import('./sms/SmsPage'),
    '/resource/attach': () => import('./attach/AttachPage'),
  },
  // Icons of the resource group and its menus (resource.yaml `x-entity.menu.icon`, the seed's group icon).
  icons: {
    'hard-drive': HardDrive,
    cloud: Cloud,
    'message-square-more': MessageSquareMore,
    paperclip: Paperclip,
  },
  catalogue: { zh, en },
});
