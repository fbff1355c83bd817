// The shell's providers with this feature's catalogue, an MSW server per test file (@smart/crud/testing), and the
// generic entity pages as the console composes them with this feature's extensions (apps/console/src/features.ts).
import { entityCatalogue } from '@smart/api-sdk/entities';
import { entityPages } from '@smart/api-sdk/entity-pages';
import { CrudProvider, entityPagesFeature, PageQueryProvider } from '@smart/crud';
import { catalogueT } from '@smart/crud/testing';
import { createShellRenderer, setupMswServer } from '@smart/crud/testing/jsdom';
import { Toaster } from '@smart/ui';
import { useLocation } from 'react-router';
import zh from './i18n/zh';
import { feature } from './index';

export const renderWithShell = createShellRenderer(feature.catalogue);
export { setupMswServer };

const pages = entityPagesFeature(entityPages, [feature]);

/** The console's page of a menu path: the generic entity page with this feature's extension. */
export async function loadEntityPage(path: string) {
  const view = pages.resolve?.(path);
  if (!view) throw new Error(`no entity page at ${path}`);
  return (await view.load()).default;
}

/** The path and query the page navigated to (the shell's probe shows the path only). */
function Href() {
  const { pathname, search } = useLocation();
  return <output data-testid="href">{pathname + search}</output>;
}

const t = catalogueT({ ...entityCatalogue.zh, ...zh });

/**
 * An entity page inside the shell's providers, with the tab query `query`, a toaster and the current address; the
 * operator holds every button, or those `can` grants.
 */
export async function renderEntityPage(
  path: string,
  query: Record<string, string> = {},
  can: (code: string) => boolean = () => true,
) {
  const Page = await loadEntityPage(path);
  return renderWithShell(
    <CrudProvider value={{ t, can, dictionary: () => [] }}>
      <PageQueryProvider value={query}>
        <Page />
      </PageQueryProvider>
      <Toaster />
      <Href />
    </CrudProvider>,
    { path },
  );
}
