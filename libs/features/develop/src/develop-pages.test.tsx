// The two developer tool pages against the contract's in-memory backend (@smart/crud/testing) and handlers of their
// extra operations: a datasource row's connection test in a toast, a config's generated files in a dialog of tabs,
// and its zip saved as a download.
import type { Code, CodeFile, Datasource } from '@smart/api-sdk';
import { codeEntity, datasourceEntity, entityCatalogue } from '@smart/api-sdk/entities';
import { CrudProvider } from '@smart/crud';
import { catalogueT, memoryBackend } from '@smart/crud/testing';
import { Toaster } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CodePage from './code/CodePage';
import DatasourcePage from './datasource/DatasourcePage';
import zh from './i18n/zh';
import { renderWithShell, setupMswServer } from './test-utils';

const audit = {
  createUser: '1',
  createDept: '1',
  createTime: '2026-11-22 10:00:00',
  updateUser: '1',
  updateTime: '2026-11-22 10:00:00',
  status: 1,
  isDeleted: 0 as const,
};
const pgSource: Datasource = {
  id: '501',
  name: 'local-pg',
  driverClass: 'org.postgresql.Driver',
  url: 'jdbc:postgresql://127.0.0.1:5432/smart',
  username: 'postgres',
  password: '******',
  remark: '',
  ...audit,
};
const noticeConfig: Code = {
  id: '601',
  isDeleted: 0,
  datasourceId: '501',
  serviceName: 'smart-desk',
  codeName: '通知公告',
  tableName: 'blade_notice',
  tablePrefix: 'blade_',
  pkName: 'id',
  packageName: 'org.springblade.desk',
  baseMode: 2,
  wrapMode: 1,
  apiPath: '',
  webPath: '',
};
const files: CodeFile[] = [
  { path: 'snippets/notice/README.md', content: '# 通知公告 (notice)' },
  {
    path: 'apps/server/src/db/schema-notice.ts',
    content: "export const notice = pgTable('smart_notice', {});",
  },
];

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const datasources = memoryBackend(datasourceEntity, [pgSource]);
const codes = memoryBackend(codeEntity, [noticeConfig]);
let tested: unknown[] = [];
let testAnswer = { ok: true, version: 'PostgreSQL 15.19', message: '连接成功' };
let downloads: string[] = [];
let copied: string[] = [];
let generated: string[] = [];
let genRefusal: string | undefined;

setupMswServer(
  ...datasources.handlers,
  ...codes.handlers,
  http.get('*/api/smart-develop/datasource/select', () => ok([pgSource])),
  http.post('*/api/smart-develop/datasource/test', async ({ request }) => {
    tested.push(await request.json());
    return ok(testAnswer);
  }),
  http.get('*/api/smart-develop/code/preview', () => ok(files)),
  http.post('*/api/smart-develop/code/copy', ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    copied.push(id);
    codes.reset([...codes.rows(), { ...noticeConfig, id: '602', codeName: '通知公告-copy' }]);
    return ok({});
  }),
  http.post('*/api/smart-develop/code/gen-code', ({ request }) => {
    generated.push(new URL(request.url).searchParams.get('ids') ?? '');
    if (genRefusal)
      return HttpResponse.json({ code: 400, success: false, msg: genRefusal, data: null }, { status: 400 });
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '代码生成成功',
      data: { configs: 1, files: 8 },
    });
  }),
  http.get('*/api/smart-develop/code/download', ({ request }) => {
    downloads.push(new URL(request.url).searchParams.get('ids') ?? '');
    return new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
      headers: { 'content-type': 'application/zip' },
    });
  }),
);

const t = catalogueT({ ...entityCatalogue.zh, ...zh });
const renderPage = (page: ReactNode) =>
  renderWithShell(
    <CrudProvider value={{ t, can: () => true, dictionary: () => [] }}>
      {page}
      <Toaster />
    </CrudProvider>,
  );

beforeEach(() => {
  datasources.reset();
  codes.reset();
  tested = [];
  downloads = [];
  copied = [];
  generated = [];
  genRefusal = undefined;
  testAnswer = { ok: true, version: 'PostgreSQL 15.19', message: '连接成功' };
});
afterEach(() => vi.restoreAllMocks());

describe('datasource page', () => {
  it("tests a row's connection with its id and the mask, and toasts the server's version", async () => {
    renderPage(<DatasourcePage />);
    const row = (await screen.findByText('local-pg')).closest('tr')!;
    // the password is write-only: never a column
    expect(screen.queryByRole('columnheader', { name: /密码/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: /测试连接/ }));
    expect(await screen.findByText('连接成功')).toBeInTheDocument();
    expect(screen.getByText('PostgreSQL 15.19')).toBeInTheDocument();
    expect(tested).toEqual([
      {
        id: '501',
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://127.0.0.1:5432/smart',
        username: 'postgres',
        password: '******',
      },
    ]);
  });

  it("toasts a failed connection with the server's reason", async () => {
    testAnswer = { ok: false, version: '', message: '连接失败: connect ECONNREFUSED 127.0.0.1:5432' };
    renderPage(<DatasourcePage />);
    const row = (await screen.findByText('local-pg')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /测试连接/ }));
    expect(await screen.findByText(/ECONNREFUSED/)).toBeInTheDocument();
  });
});

describe('code generator page', () => {
  it("previews a config's files in tabs, each file's text in a <pre>", async () => {
    renderPage(<CodePage />);
    const row = (await screen.findByText('通知公告')).closest('tr')!;
    // the datasource column shows the name `datasource/select` gives
    await waitFor(() => expect(within(row).getByText('local-pg')).toBeInTheDocument());
    await userEvent.click(within(row).getByRole('button', { name: /预览/ }));
    const dialog = await screen.findByRole('dialog', { name: /代码预览 · 通知公告/ });
    expect(within(dialog).getByText('# 通知公告 (notice)').tagName).toBe('PRE');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'schema-notice.ts' }));
    expect(await within(dialog).findByText(/pgTable\('smart_notice'/)).toBeInTheDocument();
    expect(within(dialog).getByText('apps/server/src/db/schema-notice.ts')).toBeInTheDocument();
  });

  it("downloads a config's zip as smart-code.zip", async () => {
    const created = vi.fn((_b: Blob) => 'blob:zip');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderPage(<CodePage />);
    const row = (await screen.findByText('通知公告')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /下载/ }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(downloads).toEqual(['601']);
    expect(clicked[0]!.download).toBe('smart-code.zip');
    expect(clicked[0]!.href).toBe('blob:zip');
    expect(created.mock.calls[0]![0].size).toBe(4);
  });

  it('copies a config: the copy is listed', async () => {
    renderPage(<CodePage />);
    const row = (await screen.findByText('通知公告')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /复制/ }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(copied).toEqual(['601']);
    expect(await screen.findByText('通知公告-copy')).toBeInTheDocument();
  });

  it('generates the selected configs: checked by the server, then their zip downloads', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderPage(<CodePage />);
    const row = (await screen.findByText('通知公告')).closest('tr')!;
    const generate = screen.getByRole('button', { name: /代码生成/ });
    expect(generate).toBeDisabled();
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(generate);
    expect(await screen.findByText('代码生成成功:1 个配置,8 个文件')).toBeInTheDocument();
    expect(generated).toEqual(['601']);
    expect(downloads).toEqual(['601']);
    expect(clicked).toHaveLength(1);

    // a config that cannot be generated is refused (the HTTP layer shows why), and nothing downloads
    genRefusal = '数据源连接失败: connect ECONNREFUSED 127.0.0.1:5432';
    await userEvent.click(generate);
    await waitFor(() => expect(generated).toEqual(['601', '601']));
    await waitFor(() => expect(generate).toBeEnabled());
    expect(downloads).toEqual(['601']);
    expect(clicked).toHaveLength(1);
  });
});
