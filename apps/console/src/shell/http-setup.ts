import { configureHttp } from '@smart/api-sdk';
import { createHttpConfig } from '@smart/auth';
import { i18n } from '../i18n';
import { followLanguage, translateServerMessage } from '../i18n/server-messages';
import { navigateTo } from './navigation';
import { notifyError } from './toaster-host';

/** Binds the SDK's HTTP layer to the session, the router and the toasts (docs/spec.md §7 headers, §8 error policy). */
export function setupHttp(): void {
  configureHttp({
    ...createHttpConfig({
      onUnauthorized: () => navigateTo('/login'),
      notifyError: (message) => void notifyError(message),
      t: (key) => i18n.t(key),
    }),
    // the server answers in Chinese; an English console shows the contract's English text of the message
    translateMessage: translateServerMessage,
  });
  followLanguage();
}
