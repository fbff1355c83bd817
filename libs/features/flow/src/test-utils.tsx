// Test helpers of this feature's pages: the providers the console's main layout gives them (router, query client, kit
// locale, confirm; after apps/console/src/test-utils/providers.tsx), the feature's own catalogue in an i18n instance,
// and an MSW server.
import { configureHttp, createQueryClient, resetHttpConfig } from '@smart/api-sdk';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { feature } from './index';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'zh',
  resources: { zh: { translation: feature.catalogue.zh }, en: { translation: feature.catalogue.en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Shows the current path, so a test can see where a page navigated to. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Renders `ui` at `path` inside the router, query client, kit locale (zh) and confirm providers. */
export function renderWithShell(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <UiLocaleProvider locale="zh">
          <ConfirmProvider>{ui}</ConfirmProvider>
          <LocationProbe />
        </UiLocaleProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...result, client };
}

/** An MSW server for the file, started and reset around each test; the HTTP layer points at it. */
export function setupMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => configureHttp({ baseUrl: 'http://localhost' }));
  afterEach(() => {
    server.resetHandlers();
    resetHttpConfig();
  });
  afterAll(() => server.close());
  return server;
}
