// What a feature's page tests need of the console's main layout (after apps/console/src/test-utils/providers.tsx):
// router, query client, kit locale and confirm providers, the feature's catalogue in its own i18n instance, and an
// MSW server around each test. Its own entry (`@smart/crud/testing/jsdom`): MSW's node server must stay out of the
// stories, which import `@smart/crud/testing` in the browser.
import { configureHttp, createQueryClient, resetHttpConfig } from '@smart/api-sdk';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { FeatureCatalogue } from '../feature';

/** Shows the current path, so a test can see where a page navigated to. */
function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** A renderer of the feature's pages at a path inside the shell's providers, in Chinese with `catalogue`. */
export function createShellRenderer(catalogue: FeatureCatalogue) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'zh',
    resources: { zh: { translation: catalogue.zh }, en: { translation: catalogue.en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return function renderWithShell(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const result = render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <QueryClientProvider client={client}>
            <UiLocaleProvider locale="zh">
              <ConfirmProvider>{ui}</ConfirmProvider>
              <LocationProbe />
            </UiLocaleProvider>
          </QueryClientProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    return { ...result, client };
  };
}

/** An MSW server for the test file, started and reset around each test; the HTTP layer points at it. */
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

export { catalogueCoverage, type CatalogueCoverage } from './catalogue-coverage';
