// A smoke test generated from the contract: every declared entity with a menu opens as a page (its feature's, or the
// generic one) against the contract's in-memory backend, with its table and, where the contract declares the button,
// "add". A declared entity is covered without a line here.
import { configureHttp, createQueryClient, resetHttpConfig } from '@smart/api-sdk';
import type { EntityManifest } from '@smart/api-sdk/manifest';
import { CrudProvider, hasMenuIcon } from '@smart/crud';
import { memoryBackend } from '@smart/crud/testing';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { features } from './features';
import { i18n } from './i18n';
import { allEntities } from '@smart/api-sdk/entities';
import { featureRegistry } from './shell/feature-registry';

const registry = featureRegistry(features);
/** A feature's own route for the path, else the first resolver's (the generic entity pages come last). */
const loaderOf = (path: string) =>
  features.find((f) => path in f.routes)?.routes[path] ??
  features.map((f) => f.resolve?.(path)).find(Boolean)?.load;
const served = (allEntities as readonly EntityManifest[]).flatMap((entity) => {
  const path = entity.menu?.path;
  const load = path ? loaderOf(path) : undefined;
  return load && path ? [{ entity, path, load }] : [];
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' }));
afterEach(() => {
  server.resetHandlers();
  resetHttpConfig();
});
afterAll(() => server.close());

describe('declared entity pages', () => {
  it('include a page for every declared entity with a menu, bespoke or generic', () => {
    const withMenu = (allEntities as readonly EntityManifest[]).filter((e) => e.menu);
    expect(served.map((s) => s.entity.name)).toEqual(withMenu.map((e) => e.name));
    for (const { path } of served) expect(registry.resolveView(path)).toMatchObject({ kind: 'page' });
  });

  it('give every declared menu an icon the console renders', () => {
    for (const e of allEntities as readonly EntityManifest[]) {
      if (e.menu?.icon) expect(hasMenuIcon(e.menu.icon, registry.icons), e.name).toBe(true);
    }
  });

  it.each(served.map((s) => [s.path, s] as const))(
    '%s lists the rows and offers what the contract declares',
    async (_, s) => {
      const entity = s.entity as EntityManifest<{ id: string }, unknown>;
      const backend = memoryBackend(entity, []);
      server.use(...backend.handlers);
      const { default: Page } = await s.load();
      // as the layout wraps every page (shell/MainLayout.tsx): an extension may use the SDK's query hooks
      render(
        <QueryClientProvider client={createQueryClient()}>
          <UiLocaleProvider locale="zh">
            <ConfirmProvider>
              <CrudProvider value={{ t: (key) => i18n.t(key), can: () => true, dictionary: () => [] }}>
                <Page />
              </CrudProvider>
            </ConfirmProvider>
          </UiLocaleProvider>
        </QueryClientProvider>,
      );
      // a tree entity's list is a treegrid (its rows expand)
      expect(await screen.findByRole(entity.tree ? 'treegrid' : 'table')).toBeInTheDocument();
      await expect.poll(() => backend.calls.list.length).toBeGreaterThan(0);
      // add is a form: it needs the button and an operation that creates (an `add` button may guard an action)
      const add = screen.queryByRole('button', { name: /新增/ });
      const creates = !!(entity.operations.submit ?? entity.operations.save);
      if (entity.buttons.add && creates) expect(add).toBeInTheDocument();
      else expect(add).not.toBeInTheDocument();
    },
    // the first page loads the CRUD kit's chunk cold, which takes seconds on a loaded CI machine
    20_000,
  );
});
