// The desk feature as the console composes it (docs/architecture.md §4): the menu paths it serves, each page its own
// chunk, and its menu icons. Nothing here imports a page eagerly.
import { defineFeature } from '@smart/crud';
import { Megaphone } from 'lucide-react';

export const feature = defineFeature({
  name: 'desk',
  routes: {
    '/desk/notice': () => import('./notice/NoticePage'),
  },
  // The icon of the notice menu (desk.yaml `x-entity.menu.icon`).
  icons: { megaphone: Megaphone },
});
