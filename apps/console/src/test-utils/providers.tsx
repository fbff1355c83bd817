// Test helpers of the console's pages: the providers the main layout gives its pages, and an MSW server.
import { configureHttp, createQueryClient, resetHttpConfig } from '@smart/api-sdk';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import '../i18n';
import { StableNavigateProvider } from '../shell/navigate';

/** Shows the current path, so a test can see where a page navigated to. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** Renders `ui` (at the route pattern `route`) at `path` inside the router, query client, kit locale (zh) and confirm providers. */
export function renderWithShell(
  ui: ReactNode,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
) {
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <UiLocaleProvider locale="zh">
          <ConfirmProvider>
            <StableNavigateProvider>
              <Routes>
                <Route path={route} element={ui} />
                {route === '*' ? null : <Route path="*" element={null} />}
              </Routes>
            </StableNavigateProvider>
            <LocationProbe />
          </ConfirmProvider>
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
