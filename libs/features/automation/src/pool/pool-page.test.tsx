// The Xiaohongshu comment link pool as the console shows it: the generic entity page with its switch, import, bulk
// switching and clearing out, against the contract's in-memory backend and handlers of enable, import and
// emptyDelete.
import type { EnableRequest, ImportResult } from '@smart/api-sdk';
import { xshCommEntity, xshCommUrlEntity } from '@smart/api-sdk/entities';
import { envelope } from '@smart/api-sdk/mocks';
import { toXlsx } from '@smart/ui';
import { memoryBackend } from '@smart/crud/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { commentTask, poolLink } from '../fixtures';
import { renderEntityPage, setupMswServer } from '../test-utils';
import { linesToRows, POOL_KINDS } from './pool-entities';

const BASE = '*/api/smart-xshComm/xsh_comm_url';
const links = memoryBackend(xshCommUrlEntity, [
  poolLink('7001', 'https://www.xiaohongshu.com/explore/aaa'),
  poolLink('7002', 'https://www.xiaohongshu.com/explore/bbb', { useStatus: 1 }),
]);
const tasks = memoryBackend(xshCommEntity, [commentTask({ id: '4101', taskName: '通勤妆评论' }) as never]);
let enables: EnableRequest[] = [];
let imports: unknown[] = [];
let empties: unknown[] = [];
const importAnswer: ImportResult = {
  total: 2,
  inserted: 1,
  duplicated: 0,
  invalid: 1,
  errors: [{ row: 2, reason: '链接格式不正确' }],
};

setupMswServer(
  ...links.handlers,
  ...tasks.handlers,
  http.post(`${BASE}/enable`, async ({ request }) => {
    enables.push((await request.json()) as EnableRequest);
    return HttpResponse.json(envelope({}));
  }),
  http.post(`${BASE}/import`, async ({ request }) => {
    imports.push(await request.json());
    return HttpResponse.json(envelope(importAnswer));
  }),
  http.post(`${BASE}/emptyDelete`, async ({ request }) => {
    empties.push(await request.json());
    return HttpResponse.json(envelope({ deleted: 1 }));
  }),
);

beforeEach(() => {
  links.reset();
  tasks.reset();
  enables = [];
  imports = [];
  empties = [];
});

const linkRow = async (url: string) => (await screen.findByText(url)).closest('tr')!;

/** The pool page with its import dialog open on `tab` (the paste, unless the Excel file is asked for). */
async function openImport(user: ReturnType<typeof userEvent.setup>, tab?: 'Excel 文件') {
  await renderEntityPage('/xhs/xsh_comm_url');
  await linkRow('https://www.xiaohongshu.com/explore/aaa');
  await user.click(screen.getByRole('button', { name: '导入' }));
  const dialog = await screen.findByRole('dialog', { name: '导入链接' });
  if (tab) await user.click(within(dialog).getByRole('tab', { name: tab }));
  return dialog;
}

describe('the link pool page', () => {
  it('switches a row off from its list', async () => {
    const user = userEvent.setup();
    await renderEntityPage('/xhs/xsh_comm_url');
    await linkRow('https://www.xiaohongshu.com/explore/aaa');
    const toggle = screen.getByRole('switch', { name: '启用 https://www.xiaohongshu.com/explore/aaa' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(enables).toEqual([{ id: '7001', status: 0 }]));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('imports pasted lines for one task, once each, and shows the counts and refused lines', async () => {
    const user = userEvent.setup();
    const dialog = await openImport(user);
    expect(within(dialog).getByRole('button', { name: '导入 0 行' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: '评论任务' }));
    await user.click(await screen.findByRole('option', { name: '通勤妆评论' }));
    await user.type(
      within(dialog).getByLabelText('链接（每行一个）'),
      'https://www.xiaohongshu.com/explore/ccc{enter}{enter}  not a link {enter}https://www.xiaohongshu.com/explore/ccc',
    );
    const listed = links.calls.list.length;
    await user.click(within(dialog).getByRole('button', { name: '导入 2 行' }));

    // the refused row is named by its line of the paste (the empty line counts) and its text
    expect(await within(dialog).findByText('第 3 行（not a link）：链接格式不正确')).toBeInTheDocument();
    expect(imports).toEqual([
      [
        { url: 'https://www.xiaohongshu.com/explore/ccc', commId: '4101' },
        { url: 'not a link', commId: '4101' },
      ],
    ]);
    const summary = within(dialog).getByText('已导入').closest('div')!;
    expect(summary).toHaveTextContent('1');
    // rows were inserted: the pool is listed again
    await waitFor(() => expect(links.calls.list.length).toBe(listed + 1));
    await user.click(within(dialog).getByRole('button', { name: '完成' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('imports the rows of an Excel sheet with their sort, naming refused rows by their row of the sheet', async () => {
    const user = userEvent.setup();
    const dialog = await openImport(user, 'Excel 文件');
    const sheet = await toXlsx(
      [
        { url: 'https://www.xiaohongshu.com/explore/ddd', sort: 5 },
        { url: 'not a link', sort: null },
        { url: 'https://www.xiaohongshu.com/explore/eee', sort: 1.5 },
      ],
      [
        { id: 'url', label: '链接', value: (r: { url: string }) => r.url },
        { id: 'sort', label: '排序', value: (r: { sort: number | null }) => r.sort },
      ],
    );
    await user.upload(
      within(dialog).getByLabelText('Excel 文件（.xlsx）'),
      new File([sheet], '链接.xlsx', { type: sheet.type }),
    );
    expect(await within(dialog).findByText('已读取「链接.xlsx」：2 行可导入')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '表格第 4 行（https://www.xiaohongshu.com/explore/eee）：排序须为 0–999999 的整数',
      ),
    ).toBeInTheDocument();
    // the task picked after the file still applies
    await user.click(within(dialog).getByRole('combobox', { name: '评论任务' }));
    await user.click(await screen.findByRole('option', { name: '通勤妆评论' }));
    await user.click(within(dialog).getByRole('button', { name: '导入 2 行' }));

    expect(await within(dialog).findByText('表格第 3 行（not a link）：链接格式不正确')).toBeInTheDocument();
    expect(imports).toEqual([
      [
        { url: 'https://www.xiaohongshu.com/explore/ddd', commId: '4101', sort: 5 },
        { url: 'not a link', commId: '4101' },
      ],
    ]);
  });

  it('says so when the sheet has no link column or is no workbook', async () => {
    const user = userEvent.setup();
    const dialog = await openImport(user, 'Excel 文件');
    const input = within(dialog).getByLabelText('Excel 文件（.xlsx）');
    const headless = await toXlsx(
      [{ v: 'https://www.xiaohongshu.com/explore/ddd' }],
      [{ id: 'v', label: '地址', value: (r: { v: string }) => r.v }],
    );
    await user.upload(input, new File([headless], 'a.xlsx', { type: headless.type }));
    expect(await within(dialog).findByText('表格第一行没有「链接」列，请使用导入模板')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '导入 0 行' })).toBeDisabled();
    await user.upload(input, new File(['hello'], 'b.xlsx', { type: 'application/octet-stream' }));
    expect(
      await within(dialog).findByText('无法读取该文件，请选择 .xlsx 格式的 Excel 文件'),
    ).toBeInTheDocument();
    expect(imports).toEqual([]);
  });

  it('switches the selected rows off, one call a row, after a confirmation', async () => {
    const user = userEvent.setup();
    await renderEntityPage('/xhs/xsh_comm_url');
    await linkRow('https://www.xiaohongshu.com/explore/bbb');
    const switches = screen.getByRole('button', { name: '批量启停' });
    expect(switches).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    await user.click(switches);
    await user.click(await screen.findByRole('menuitem', { name: '批量停用' }));
    await user.click(await screen.findByRole('button', { name: /确定|确认/ }));
    await waitFor(() => expect(enables).toHaveLength(2));
    expect(enables.map((e) => e.status)).toEqual([0, 0]);
    expect(new Set(enables.map((e) => e.id))).toEqual(new Set(['7001', '7002']));
    expect(await screen.findByText('已修改 2 行')).toBeInTheDocument();
  });

  it('clears out consumed links of every task by default', async () => {
    const user = userEvent.setup();
    await renderEntityPage('/xhs/xsh_comm_url');
    await linkRow('https://www.xiaohongshu.com/explore/bbb');
    await user.click(screen.getByRole('button', { name: '清空链接' }));
    const dialog = await screen.findByRole('dialog', { name: '清空链接' });
    expect(within(dialog).getByRole('checkbox', { name: '未使用' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: '失败' }));
    await user.click(within(dialog).getByRole('button', { name: '清空链接' }));
    await waitFor(() => expect(empties).toEqual([{ commId: '', useStatus: [1, 3] }]));
    expect(await screen.findByText('已删除 1 条链接')).toBeInTheDocument();
  });

  it('offers nothing of it to an operator without the buttons the contract names', async () => {
    await renderEntityPage('/xhs/xsh_comm_url', {}, (code) => code === 'xsh_comm_url_view');
    await linkRow('https://www.xiaohongshu.com/explore/aaa');
    for (const name of ['导入', '批量启停', '清空链接'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: '启用 https://www.xiaohongshu.com/explore/aaa' }),
    ).toBeDisabled();
  });
});

describe('pasted lines', () => {
  it('become one row a distinct non-empty line; keywords repeat regardless of case', () => {
    expect(linesToRows(POOL_KINDS.xsh_comm_keyword, ' 早八 \n\nABC\nabc\n早八', '')).toEqual([
      { keyword: '早八', commId: '' },
      { keyword: 'ABC', commId: '' },
    ]);
    expect(
      linesToRows(POOL_KINDS.dy_comm_url, 'https://v.douyin.com/a/\r\nhttps://v.douyin.com/a/', '9'),
    ).toEqual([{ url: 'https://v.douyin.com/a/', commId: '9' }]);
  });
});
