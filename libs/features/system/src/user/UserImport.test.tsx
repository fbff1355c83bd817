import { configureHttp, resetHttpConfig, type User, type UserImportReport } from '@smart/api-sdk';
import { entityCatalogue } from '@smart/api-sdk/entities';
import { envelope } from '@smart/api-sdk/mocks';
import { CrudProvider } from '@smart/crud';
import { catalogueT } from '@smart/crud/testing';
import { createShellRenderer } from '@smart/crud/testing/jsdom';
import { Toaster } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import zh from '../i18n/zh';
import { feature } from '../index';
import { exportFilters } from './user-excel-download';
import UserPage from './UserPage';

// The user page's list, and the three Excel calls of user.yaml: import-user, export-user, export-template.
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const row = (i: number): Partial<User> => ({
  id: String(900 + i),
  tenantId: '000000',
  account: `op${i}`,
  name: `运营${i}`,
  realName: `员工${i}`,
  userType: 1,
  userTypeName: 'WEB',
  roleId: '31',
  roleName: '运营',
  deptId: '41',
  deptName: '运营部',
  status: 1,
});
/** A workbook's bytes as the server sends them (their content is the server's test: user-excel-handlers.test.ts). */
const workbook = () =>
  new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), { headers: { 'content-type': XLSX } });
const calls = {
  list: [] as URLSearchParams[],
  imports: [] as FormData[],
  exports: [] as URLSearchParams[],
  templates: 0,
};
let report: UserImportReport = { total: 0, created: 0, updated: 0, failed: [] };

const server = setupServer(
  http.get('*/api/smart-user/page', ({ request }) => {
    calls.list.push(new URL(request.url).searchParams);
    const records = [row(1), row(2)];
    return HttpResponse.json(envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }));
  }),
  http.post('*/api/smart-user/import-user', async ({ request }) => {
    calls.imports.push(await request.formData());
    return HttpResponse.json(envelope(report));
  }),
  http.get('*/api/smart-user/export-user', ({ request }) => {
    calls.exports.push(new URL(request.url).searchParams);
    return workbook();
  }),
  http.get('*/api/smart-user/export-template', () => {
    calls.templates++;
    return workbook();
  }),
  // the choices of the search bar and the dialog
  http.get('*/api/smart-system/role/tree', () => HttpResponse.json(envelope([]))),
  http.get('*/api/smart-system/dept/tree', () => HttpResponse.json(envelope([]))),
  http.get('*/api/smart-system/post/select', () => HttpResponse.json(envelope([]))),
);

const t = catalogueT(zh, entityCatalogue.zh);
const dictionary = () => [
  { label: 'WEB', value: '1' },
  { label: 'APP', value: '2' },
];
const renderWithShell = createShellRenderer({
  zh: { ...feature.catalogue.zh, ...entityCatalogue.zh },
  en: { ...feature.catalogue.en, ...entityCatalogue.en },
});
function renderPage(can: (code: string) => boolean = () => true) {
  return renderWithShell(
    <CrudProvider value={{ t, can, dictionary }}>
      <UserPage />
      <Toaster />
    </CrudProvider>,
  );
}

/** Blob downloads: jsdom has no object URLs and no navigation; the saved file names are recorded. */
const saved: string[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  for (const list of [calls.list, calls.imports, calls.exports, saved]) list.length = 0;
  calls.templates = 0;
  report = { total: 0, created: 0, updated: 0, failed: [] };
  configureHttp({ baseUrl: 'http://localhost', getToken: () => 'token' });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  server.resetHandlers();
  resetHttpConfig();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const xlsx = () => new File(['PK'], 'users.xlsx', { type: XLSX });

describe('users Excel import and export', { timeout: 20_000 }, () => {
  it('uploads the file with isCovered, lists the refused rows and reads the list again', async () => {
    report = {
      total: 3,
      created: 1,
      updated: 0,
      failed: [
        { row: 3, account: 'lisi', msg: '角色不存在: 财务' },
        { row: 4, account: 'admin', msg: '当前用户 [admin] 已存在!' },
      ],
    };
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('op1');
    const lists = calls.list.length;
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '用户数据导入' });
    const start = within(dialog).getByRole('button', { name: '开始导入' });
    expect(start).toBeDisabled();
    await user.upload(within(dialog).getByLabelText('导入文件(.xlsx)'), xlsx());
    await user.click(within(dialog).getByRole('switch', { name: '覆盖已有数据' }));
    await user.click(start);

    await waitFor(() => expect(calls.imports).toHaveLength(1));
    expect(calls.imports[0]!.get('isCovered')).toBe('1');
    // (jsdom's File reaches MSW's FormData without its name and content, as resource-pages.test.tsx notes)
    expect(calls.imports[0]!.has('file')).toBe(true);

    const table = await within(dialog).findByRole('table', { name: '未导入的行' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'lisi', '角色不存在: 财务'],
      ['4', 'admin', '当前用户 [admin] 已存在!'],
    ]);
    expect(within(dialog).getByTestId('user-import-report')).toHaveTextContent(
      '共 3 行:新增 1,更新 0,失败 2',
    );
    await waitFor(() => expect(calls.list.length).toBeGreaterThan(lists));
  });

  it('without the edit button the overwrite switch is off and disabled: isCovered 0', async () => {
    report = { total: 1, created: 1, updated: 0, failed: [] };
    const user = userEvent.setup();
    renderPage((code) => code !== 'user_edit');
    await screen.findByText('op1');
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '用户数据导入' });
    const cover = within(dialog).getByRole('switch', { name: '覆盖已有数据' });
    expect(cover).toBeDisabled();
    expect(cover).toHaveAttribute('aria-checked', 'false');
    await user.upload(within(dialog).getByLabelText('导入文件(.xlsx)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: '开始导入' }));
    await waitFor(() => expect(calls.imports).toHaveLength(1));
    expect(calls.imports[0]!.get('isCovered')).toBe('0');
    expect(await within(dialog).findByTestId('user-import-report')).toHaveTextContent(
      '共 1 行:新增 1,更新 0,失败 0',
    );
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it('downloads the template from the dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('op1');
    await user.click(screen.getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '用户数据导入' });
    await user.click(within(dialog).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(saved).toEqual(['用户导入模板.xlsx']));
    expect(calls.templates).toBe(1);
  });

  it("exports the list's current filters", async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('op1');
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText(/登录账号/), 'op1');
    await user.click(within(search).getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(calls.list.at(-1)?.get('account')).toBe('op1'));
    await user.click(screen.getByRole('button', { name: '导出' }));
    await waitFor(() => expect(saved).toEqual(['用户数据.xlsx']));
    expect(Object.fromEntries(calls.exports[0]!)).toEqual({ account: 'op1' });
  });

  it('hides 导入 without the add button; 导出 stays for whoever sees the list', async () => {
    renderPage((code) => code !== 'user_add');
    await screen.findByText('op1');
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
  });

  it('keeps only the filters export-user takes', () => {
    expect(
      exportFilters({ current: 2, size: 10, ascs: 'account', account: ' op1 ', deptId: '41', userType: '2' }),
    ).toEqual({ account: 'op1', deptId: '41', userType: 2 });
    expect(exportFilters({ userType: 'x', realName: '', tenantId: '100001' })).toEqual({
      tenantId: '100001',
    });
    // the status filter of the list (待审核 …) is exported too
    expect(exportFilters({ status: '0' })).toEqual({ status: 0 });
    expect(exportFilters({ status: '7' })).toEqual({});
  });
});
