// What the console's layout gives this feature's components, for the stories (libs/ui/.storybook runs them): the
// console's i18n with this feature's catalogue in the story's locale, a query client, a router, the CRUD kit's context
// and the confirmation dialog. The HTTP layer talks to the page's origin, where MSW answers (parameters.msw).
import { configureHttp, createQueryClient } from '@smart/api-sdk';
import { entityCatalogue } from '@smart/api-sdk/entities';
import { CrudProvider } from '@smart/crud';
import { ConfirmProvider } from '@smart/ui';
import type { Decorator } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';
import en from './i18n/en';
import zh from './i18n/zh';

configureHttp({ baseUrl: '', getToken: () => 'storybook-token' });

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'zh',
  resources: {
    zh: { translation: { ...entityCatalogue.zh, ...zh } },
    en: { translation: { ...entityCatalogue.en, ...en } },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Where a component navigated to (a run's logs, a task's runs): stories check it. */
function Href() {
  const { pathname, search } = useLocation();
  return (
    <p className="mt-4 text-xs text-muted-foreground">
      <output data-testid="href">{pathname + search}</output>
    </p>
  );
}

export const withAutomationShell: Decorator = (Story, context) => {
  const locale = context.globals['locale'] === 'en' ? 'en' : 'zh';
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
  return (
    <StoryProviders>
      <Story />
    </StoryProviders>
  );
};

function StoryProviders({ children }: { children: React.ReactNode }) {
  // one client per story, so a story's answers are not another's cache
  const [client] = useState(() => createQueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/']}>
          <CrudProvider value={{ t: (key) => i18n.t(key), can: () => true }}>
            <ConfirmProvider>{children}</ConfirmProvider>
          </CrudProvider>
          <Href />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
