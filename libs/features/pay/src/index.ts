// The pay feature as the console composes it (docs/architecture.md §4): the recharge page (docs/spec.md §1, §2), its
// tab label, what credits a customer beside paying (the grant action of the grant records' page, the generation and
// redemption of card keys on the card pages), the orders' pay attempts and its catalogue. Nothing here imports a page
// eagerly.
import { defineFeature } from '@smart/crud';
import en from './i18n/en';
import zh from './i18n/zh';

export const feature = defineFeature({
  name: 'pay',
  routes: {
    '/pay/pay': () => import('./PayPage'),
  },
  // The recharge page opens from the welcome page and the top bar too, where no menu name travels with it.
  routeLabels: {
    '/pay/pay': 'pay.title',
  },
  entityExtensions: {
    grantRecord: () => import('./grant/grant-extension'),
    rpa_card_group: () => import('./card/card-group-extension'),
    rpa_card_password: () => import('./card/card-extension'),
    order: () => import('./order/order-extension'),
  },
  catalogue: { zh, en },
});
