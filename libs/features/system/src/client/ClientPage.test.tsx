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
import zh from '../i18n/zh';
import TopMenuPage from '../topmenu/TopMenuPage';
import { newClientSecret } from './client-secret';
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
  {
    ...audit,
    id: '2',
    clientId: 'partner',
    clientSecret: MASK,
    scope: 'all',
    authorizedGrantTypes: 'password',
    accessTokenValidity: 3600,
    refreshTokenValidity: 7200,
    webServerRedirectUri: '',
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

const t = catalogueT(zh, entityCatalogue.zh);

function renderPage(Page: ComponentType, can: (code: string) => boolean = () => true) {
  return render(
    <UiLocaleProvider locale="zh">
      <ConfirmProvider>
        <CrudProvider value={{ t, can, dictionary: () => [] }}>
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

describe('client secret rotation', () => {
  it('after a question, saves a new random secret with the stored fields and shows it once', async () => {
    const user = userEvent.setup();
    renderPage(ClientPage);
    const tr = (await screen.findByText('partner')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /重置密钥/ }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('10 秒内新密钥生效、旧密钥失效');
    await user.click(within(ask).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(clients.calls.submit).toHaveLength(1));
    const sent = clients.calls.submit[0] as unknown as Record<string, string>;
    expect(sent).toMatchObject({ id: '2', clientId: 'partner', authorizedGrantTypes: 'password' });
    expect(sent.clientSecret).toMatch(/^[A-HJ-NP-Za-km-z2-9]{32}$/);
    // only the contract's write body: not the detail's audit columns
    expect(sent).not.toHaveProperty('createTime');
    const shown = await screen.findByRole('dialog', { name: '新的客户端密钥' });
    expect(within(shown).getByRole('textbox', { name: '新的客户端密钥' })).toHaveValue(sent.clientSecret);
    await user.click(within(shown).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes nothing when the question is declined, and is not offered without the edit button', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage(ClientPage);
    const tr = (await screen.findByText('partner')).closest('tr')!;
    await user.click(within(tr).getByRole('button', { name: /重置密钥/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消' }));
    expect(clients.calls.submit).toEqual([]);
    unmount();
    renderPage(ClientPage, (code) => code !== 'client_edit');
    await screen.findByText('saber');
    expect(screen.queryByRole('button', { name: /重置密钥/ })).toBeNull();
  });

  it("refuses to rotate the console's own client, which would lock the console out", async () => {
    renderPage(ClientPage);
    const tr = (await screen.findByText('saber')).closest('tr')!;
    const own = within(tr).getByRole('button', { name: /重置密钥/ });
    expect(own).toBeDisabled();
    expect(own).toHaveAttribute('title', '本控制台使用这个应用登录,不能在这里重置它的密钥');
  });

  it('draws secrets of the asked length from the readable alphabet, without the bytes that would bias it', () => {
    expect(newClientSecret()).toHaveLength(32);
    expect(newClientSecret(8)).toMatch(/^[A-HJ-NP-Za-km-z2-9]{8}$/);
    // 57 letters and digits: bytes from 228 up are drawn again, so 255 never maps to a character
    let calls = 0;
    const random = (b: Uint8Array) => {
      calls++;
      b.fill(calls === 1 ? 255 : 0);
      return b;
    };
    expect(newClientSecret(4, random)).toBe('AAAA');
    expect(calls).toBe(2);
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
