import { configureHttp } from '@smart/api-sdk';
import { createHttpConfig } from '@smart/auth';
import { i18n } from '../i18n';
import { navigateTo } from './navigation';
import { notifyError } from './toaster-host';

/** Binds the SDK's HTTP layer to the session, the router and the toasts (docs/spec.md §7 headers, §8 error policy). */
export function setupHttp(): void {
  configureHttp(
    createHttpConfig({
      onUnauthorized: () => navigateTo('/login'),
      notifyError: (message) => void notifyError(message),
      t: (key) => i18n.t(key),
    }),
  );
}
