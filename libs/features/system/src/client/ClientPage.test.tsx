import { configureHttp, resetHttpConfig, type Client, type TopMenu } from '@smart/api-sdk';
import { clientEntity, entityCatalogue, topmenuEntity } from '@smart/api-sdk/entities';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { ConfirmProvider, UiLocaleProvider } from '@smart/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import TopMenuPage from '../topmenu/TopMenuPage';
import ClientPage from './ClientPage';

const audit = {
  createUser: '1',
  createDept: '1',
  createTime: '2026-11-22 10:00:00',
  updateUser: '1',
  updateTime: '2026-11-22 10:00:00',
  status: 1,
  isDeleted: 0,
};
// The server answers the secret as this mask (apps/server/src/kernel/secret.ts SECRET_MASK).
const MASK = '******';

const clients = memoryBackend(clientEntity, [
  {
    ...audit,
    id: '1',
    clientId: 'saber',
    clientSecret: MASK,
    scope: 'all',
    authorizedGrantTypes: 'refresh_token,password',
    accessTokenValidity: 3600,
    refreshTokenValidity: 604800,
    webServerRedirectUri: 'http://localhost:8600/oauth/redirect',
    resourceIds: '',
    authorities: '',
    autoapprove: '',
  } as Client,
]);
const topmenus = memoryBackend(topmenuEntity, [
  { ...audit, id: '11', tenantId: '000000', code: 'ops', name: '运营', source: 'settings', sort: 2 },
  { ...audit, id: '10', tenantId: '000000', code: 'desk', name: '工作台', source: 'home', sort: 1 },
] as TopMenu[]);
const server = setupServer(...clients.handlers, ...topmenus.handlers);

function renderPage(Page: ComponentType) {
  return render(
    <UiLocaleProvider locale="zh">
      <ConfirmProvider>
        <CrudProvider value={{ t: catalogueT(entityCatalogue.zh), can: () => true, dictionary: () => [] }}>
          <Page />
        </CrudProvider>
      </ConfirmProvider>
    </UiLocaleProvider>,
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  clients.reset();
  topmenus.reset();
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
});
afterEach(() => resetHttpConfig());
afterAll(() => server.close());

describe('client page', () => {
  it('keeps the rarely used columns out of the list', async () => {
    renderPage(ClientPage);
    await screen.findByText('saber');
    expect(screen.queryByText('http://localhost:8600/oauth/redirect')).not.toBeInTheDocument();
  });

  it('edits the secret as a password and sends the mask back with the grants comma-joined', async () => {
    const user = userEvent.setup();
    renderPage(ClientPage);
    const tr = (await screen.findByText('saber')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    const secret = within(dialog).getByLabelText(/客户端密钥/);
    await waitFor(() => expect(secret).toHaveValue(MASK));
    expect(secret).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(clients.calls.submit).toHaveLength(1));
    expect(clients.calls.submit[0]).toMatchObject({
      id: '1',
      clientSecret: MASK,
      authorizedGrantTypes: 'refresh_token,password',
    });
  });
});

describe('top menu page', () => {
  it('lists the top menus in the top bar order', async () => {
    renderPage(TopMenuPage);
    await screen.findByText('工作台');
    expect(topmenus.calls.list[0]?.get('ascs')).toBe('sort');
    const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows.findIndex((r) => r.includes('工作台'))).toBeLessThan(
      rows.findIndex((r) => r.includes('运营')),
    );
  });
});
