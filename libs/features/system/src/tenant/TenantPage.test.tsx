import {
  configureHttp,
  resetHttpState,
  type Datasource,
  type Tenant,
  type TenantPackage,
} from '@smart/api-sdk';
import { entityCatalogue, tenantEntity } from '@smart/api-sdk/entities';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { createShellRenderer, setupMswServer } from '@smart/crud/testing/jsdom';
import { Toaster } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import zh from '../i18n/zh';
import { feature } from '../index';
import { licenceParams, licenceValues } from './tenant-licence';
import TenantPage from './TenantPage';

const audit = {
  createUser: '1',
  createDept: '1',
  createTime: '2026-11-22 10:00:00',
  updateUser: '1',
  updateTime: '2026-11-22 10:00:00',
  status: 1,
  isDeleted: 0 as const,
};

function tenant(id: string, over: Partial<Tenant>): Tenant {
  return {
    ...audit,
    id,
    tenantId: '',
    tenantName: '',
    domain: '',
    backgroundUrl: '',
    linkman: '张三',
    contactNumber: '',
    address: '',
    accountNumber: -1,
    expireTime: '',
    packageId: null,
    datasourceId: null,
    licenseKey: '',
    ...over,
  };
}

const tenants = memoryBackend(tenantEntity, [
  tenant('11', { tenantId: '000000', tenantName: '管理组' }),
  tenant('12', {
    tenantId: '100001',
    tenantName: '刀锋科技',
    accountNumber: 100,
    expireTime: '2027-12-31 23:59:59',
    packageId: '502',
    datasourceId: '702',
  }),
]);

const packages: TenantPackage[] = [
  { ...audit, id: '501', packageName: '基础版', menuId: '1', remark: '' },
  { ...audit, id: '502', packageName: '专业版', menuId: '1,2', remark: '' },
];
let datasources: Datasource[] = [];
const datasource = (id: string, name: string): Datasource => ({
  ...audit,
  id,
  name,
  driverClass: 'org.postgresql.Driver',
  url: 'jdbc:postgresql://127.0.0.1:5432/smart',
  username: 'smart',
  password: '******',
  remark: '',
});

/** The query strings the extra operations received, by operation. */
const calls = {
  setting: [] as Record<string, string>[],
  packageDetail: [] as Record<string, string>[],
  packageSetting: [] as Record<string, string>[],
  datasource: [] as Record<string, string>[],
};
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const SYS = '*/api/smart-system';

const server = setupMswServer(
  ...tenants.handlers,
  http.post(`${SYS}/tenant/setting`, ({ request }) => {
    calls.setting.push(query(request));
    return HttpResponse.json(envelope({}));
  }),
  http.get(`${SYS}/tenant/package-detail`, ({ request }) => {
    const q = query(request);
    calls.packageDetail.push(q);
    // by the tenant's row id (tenant.yaml `packageDetail`)
    const current = tenants.rows().find((r) => r.id === q.tenantId)?.packageId;
    return HttpResponse.json(envelope(packages.find((p) => p.id === current) ?? {}));
  }),
  http.post(`${SYS}/tenant/package-setting`, ({ request }) => {
    calls.packageSetting.push(query(request));
    return HttpResponse.json(envelope({}));
  }),
  http.get(`${SYS}/tenant-package/select`, () => HttpResponse.json(envelope(packages))),
  http.get('*/api/smart-develop/datasource/select', () => HttpResponse.json(envelope(datasources))),
  http.post(`${SYS}/tenant/datasource`, ({ request }) => {
    calls.datasource.push(query(request));
    return HttpResponse.json(envelope({}));
  }),
);

const t = catalogueT(zh, entityCatalogue.zh);
// (the shell's i18next instance with this feature's catalogue and the entities', as the console merges them)
const renderWithShell = createShellRenderer({
  zh: { ...feature.catalogue.zh, ...entityCatalogue.zh },
  en: { ...feature.catalogue.en, ...entityCatalogue.en },
});

function renderPage(can: (code: string) => boolean = () => true) {
  return renderWithShell(
    <CrudProvider value={{ t, can, dictionary: () => [] }}>
      <TenantPage />
      <Toaster />
    </CrudProvider>,
  );
}

/** The error toasts the HTTP layer asked for (the console shows them with sonner). */
let refusals: string[] = [];

beforeEach(() => {
  resetHttpState();
  refusals = [];
  configureHttp({ notifyError: (message) => refusals.push(message) });
  tenants.reset();
  datasources = [datasource('701', '主库'), datasource('702', '报表库')];
  for (const list of Object.values(calls)) list.length = 0;
});

const rowOf = (name: string) => screen.findByRole('row', { name: new RegExp(name) });

describe('tenant page', { timeout: 20_000 }, () => {
  it("lists the tenants with their code, quota and expiry, as the contract's columns", async () => {
    renderPage();
    const row = await rowOf('刀锋科技');
    expect(within(row).getByText('100001')).toBeInTheDocument();
    expect(within(row).getByText('100')).toBeInTheDocument();
    expect(within(row).getByText('2027-12-31 23:59:59')).toBeInTheDocument();
  });

  it("sets one tenant's licence from its own, with exactly the contract's query, then lists again", async () => {
    const user = userEvent.setup();
    renderPage();
    const licence = await screen.findByRole('button', { name: '授权配置' });
    expect(licence).toBeDisabled();
    await user.click(within(await rowOf('刀锋科技')).getByRole('checkbox'));
    await user.click(licence);
    const dialog = await screen.findByRole('dialog', { name: '授权配置' });
    const quota = within(dialog).getByLabelText(/账号额度/);
    await waitFor(() => expect(quota).toHaveValue('100'));
    expect(within(dialog).getByRole('combobox', { name: /过期时间/ })).toHaveTextContent(
      '2027-12-31 23:59:59',
    );
    await user.clear(quota);
    await user.type(quota, '50');
    const listed = tenants.calls.list.length;
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.setting).toHaveLength(1));
    expect(calls.setting[0]).toEqual({ ids: '12', accountNumber: '50', expireTime: '2027-12-31 23:59:59' });
    expect(await screen.findByText('授权配置成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(tenants.calls.list.length).toBeGreaterThan(listed));
  });

  it('sets several tenants at once: the quota is asked for, no expiry means never and is not sent', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('管理组')).getByRole('checkbox'));
    await user.click(within(await rowOf('刀锋科技')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '授权配置' }));
    const dialog = await screen.findByRole('dialog', { name: '授权配置' });
    expect(dialog).toHaveTextContent('选择的 2 个租户将使用以下账号额度与过期时间');
    const quota = within(dialog).getByLabelText(/账号额度/);
    expect(quota).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('账号额度须为不小于 -1 的整数')).toBeInTheDocument();
    expect(calls.setting).toEqual([]);

    await user.type(quota, '-1');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.setting).toHaveLength(1));
    expect(calls.setting[0]).toEqual({ ids: '11,12', accountNumber: '-1' });
  });

  it('keeps the licence dialog open when the server refuses', async () => {
    server.use(
      http.post(`${SYS}/tenant/setting`, () => errorResponse(400, '管理租户不可设置账号额度或过期时间')),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('管理组')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '授权配置' }));
    const dialog = await screen.findByRole('dialog', { name: '授权配置' });
    const quota = within(dialog).getByLabelText(/账号额度/);
    await waitFor(() => expect(quota).toHaveValue('-1'));
    await user.clear(quota);
    await user.type(quota, '10');
    const listed = tenants.calls.list.length;
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(refusals).toEqual(['管理租户不可设置账号额度或过期时间']));
    expect(screen.getByRole('dialog', { name: '授权配置' })).toBeInTheDocument();
    expect(quota).toHaveValue('10');
    expect(tenants.calls.list).toHaveLength(listed);
  });

  it("preselects the tenant's package, read by its row id, and sets another by its code", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('刀锋科技')).getByRole('button', { name: '产品包配置' }));
    const dialog = await screen.findByRole('dialog', { name: '产品包配置' });
    const select = await within(dialog).findByRole('combobox', { name: /产品包/ });
    expect(select).toHaveTextContent('专业版');
    expect(calls.packageDetail).toEqual([{ tenantId: '12' }]);
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '基础版' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.packageSetting).toHaveLength(1));
    expect(calls.packageSetting[0]).toEqual({ tenantId: '100001', packageId: '501' });
    expect(await screen.findByText('产品包配置成功')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes a package with no package id, and offers "no package" to a tenant without one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('管理组')).getByRole('button', { name: '产品包配置' }));
    const dialog = await screen.findByRole('dialog', { name: '产品包配置' });
    const select = await within(dialog).findByRole('combobox', { name: /产品包/ });
    expect(select).toHaveTextContent('不使用产品包(不限菜单)');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.packageSetting).toHaveLength(1));
    expect(calls.packageSetting[0]).toEqual({ tenantId: '000000' });
  });

  it('keeps the package dialog open when the server refuses', async () => {
    server.use(http.post(`${SYS}/tenant/package-setting`, () => errorResponse(400, '产品包不存在')));
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('刀锋科技')).getByRole('button', { name: '产品包配置' }));
    const dialog = await screen.findByRole('dialog', { name: '产品包配置' });
    await within(dialog).findByRole('combobox', { name: /产品包/ });
    const listed = tenants.calls.list.length;
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(refusals).toEqual(['产品包不存在']));
    expect(screen.getByRole('dialog', { name: '产品包配置' })).toBeInTheDocument();
    expect(tenants.calls.list).toHaveLength(listed);
  });

  it("binds a datasource of the develop module by the tenant's code, its own preselected", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('刀锋科技')).getByRole('button', { name: '数据源' }));
    const dialog = await screen.findByRole('dialog', { name: '数据源配置' });
    const select = await within(dialog).findByRole('combobox', { name: /数据源/ });
    expect(select).toHaveTextContent('报表库');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: '主库' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.datasource).toHaveLength(1));
    expect(calls.datasource[0]).toEqual({ tenantId: '100001', datasourceId: '701' });
    expect(await screen.findByText('数据源配置成功')).toBeInTheDocument();
  });

  it('says so when there is no datasource to bind, and saves nothing', async () => {
    datasources = [];
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await rowOf('管理组')).getByRole('button', { name: '数据源' }));
    const dialog = await screen.findByRole('dialog', { name: '数据源配置' });
    const select = await within(dialog).findByRole('combobox', { name: /数据源/ });
    expect(select).toHaveTextContent('暂无数据源,请先在数据源管理中新增');
    expect(select).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '保存' })).toBeDisabled();
  });

  it('shows none of the three actions to whoever may not edit tenants', async () => {
    renderPage((code) => code !== 'tenant_edit');
    await rowOf('刀锋科技');
    expect(screen.queryByRole('button', { name: '授权配置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '产品包配置' })).toBeNull();
    expect(screen.queryByRole('button', { name: '数据源' })).toBeNull();
  });
});

describe('tenant licence', () => {
  it("opens with one tenant's own licence, or with no quota for several", () => {
    expect(licenceValues({ accountNumber: 5, expireTime: '' })).toEqual({ accountNumber: 5, expireTime: '' });
    expect(licenceValues()).toEqual({ expireTime: '' });
  });

  it('joins the row ids and leaves a missing expiry out', () => {
    expect(licenceParams(['1', '2'], { accountNumber: -1, expireTime: '' })).toEqual({
      ids: '1,2',
      accountNumber: -1,
    });
    expect(licenceParams(['1'], { accountNumber: 3, expireTime: '2030-01-01 00:00:00' }).expireTime).toBe(
      '2030-01-01 00:00:00',
    );
  });
});
