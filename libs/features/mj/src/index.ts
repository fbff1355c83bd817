// The image-generation feature as the console composes it (docs/architecture.md §4): the prompts' page as the
// drawing desk (generate, draw, progress, image, upscale and variation), the app settings' test mail, the e-mail
// log's resend, and its catalogue. Nothing here imports a page eagerly.
import { defineFeature } from '@smart/crud';
import en from './i18n/en';
import zh from './i18n/zh';

export const feature = defineFeature({
  name: 'mj',
  routes: {},
  entityExtensions: {
    mj_prompt: () => import('./prompt/prompt-extension'),
    mjjAppConfig: () => import('./mail/app-config-extension'),
    send_email_log: () => import('./mail/email-log-extension'),
  },
  catalogue: { zh, en },
});
