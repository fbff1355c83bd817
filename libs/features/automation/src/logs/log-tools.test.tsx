// The Xiaohongshu comment log page's tools against MSW: the count per robot account of some days, and the export
// to a Feishu sheet, call after call until nothing is left, with its progress and the sheet's link.
import type { XshCommLogCountRequest, XshCommLogToFeiShuRequest } from '@smart/api-sdk';
import { xshCommArrEntity, xshCommEntity, xshCommLogEntity } from '@smart/api-sdk/entities';
import { envelope } from '@smart/api-sdk/mocks';
import { memoryBackend } from '@smart/crud/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderEntityPage, setupMswServer } from '../test-utils';
import { readSheet, safeHref } from './feishu-sheet';
import { nextDay, rangeBody, spanDays, today } from './log-range';

const BASE = '*/api/smart-xshComm/xsh_comm_log';
const logs = memoryBackend(xshCommLogEntity, []);
let counted: XshCommLogCountRequest[] = [];
let exports: XshCommLogToFeiShuRequest[] = [];
let sheetUrl = 'http://127.0.0.1/sandbox-feishu/sheets/shtDemo';

setupMswServer(
  ...logs.handlers,
  // the task and unit names of the list's references
  ...memoryBackend(xshCommEntity, []).handlers,
  ...memoryBackend(xshCommArrEntity, []).handlers,
  http.post(`${BASE}/appLogCount`, async ({ request }) => {
    counted.push((await request.json()) as XshCommLogCountRequest);
    return HttpResponse.json(
      envelope({
        total: 7,
        success: 5,
        fail: 1,
        skipped: 1,
        apps: [
          { robotAccount: 'sim-01@sandbox', total: 4, success: 3, fail: 1, skipped: 0 },
          { robotAccount: 'sim-02@sandbox', total: 3, success: 2, fail: 0, skipped: 1 },
        ],
      }),
    );
  }),
  http.post(`${BASE}/appLogToFeiShu`, async ({ request }) => {
    exports.push((await request.json()) as XshCommLogToFeiShuRequest);
    const first = exports.length === 1;
    return HttpResponse.json(
      envelope({
        exported: first ? 5000 : 1200,
        remaining: first ? 1200 : 0,
        spreadsheetToken: 'shtDemo',
        updatedRange: 'a1!A2:K5001',
        revision: exports.length,
        sheetUrl,
        syncTime: '2026-11-26 10:00:00',
      }),
    );
  }),
);

beforeEach(() => {
  logs.reset();
  counted = [];
  exports = [];
  sheetUrl = 'http://127.0.0.1/sandbox-feishu/sheets/shtDemo';
});

const open = async (name: string) => {
  const user = userEvent.setup();
  await renderEntityPage('/xhs/xsh_comm_log');
  await user.click(await screen.findByRole('button', { name }));
  return { user, dialog: await screen.findByRole('dialog') };
};

describe('the comment log tools', () => {
  it("count today's logs per robot account", async () => {
    const { user, dialog } = await open('统计');
    await user.click(within(dialog).getByRole('button', { name: '统计' }));
    const table = await within(dialog).findByRole('table', { name: '按机器人账号' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /sim-01@sandbox/ })).toHaveTextContent('4310');
    expect(counted).toEqual([
      { startTime: `${today()} 00:00:00`, endTime: `${nextDay(today())} 00:00:00`, commId: '' },
    ]);
  });

  it('export call after call until nothing is left, then link the sheet', async () => {
    const { user, dialog } = await open('导出到飞书');
    const submit = within(dialog).getByRole('button', { name: '导出到飞书' });
    expect(submit).toBeDisabled();
    await user.type(
      within(dialog).getByLabelText('飞书表格'),
      'https://acme.feishu.cn/sheets/shtDemo?sheet=a1',
    );
    expect(within(dialog).getByLabelText('工作表ID')).toHaveValue('a1');
    await user.click(submit);
    expect(await within(dialog).findByText('已导出 6200 行')).toBeInTheDocument();
    expect(exports.map((e) => [e.spreadsheetToken, e.sheetId, e.onlyUnsynced])).toEqual([
      ['shtDemo', 'a1', true],
      ['shtDemo', 'a1', true],
    ]);
    expect(within(dialog).getByRole('link', { name: '打开飞书表格' })).toHaveAttribute('href', sheetUrl);
  });

  it('show no link the server gives that is not http(s), and refuse text that names no sheet', async () => {
    sheetUrl = 'javascript:alert(1)';
    const { user, dialog } = await open('导出到飞书');
    await user.type(within(dialog).getByLabelText('飞书表格'), 'not a sheet!');
    expect(within(dialog).getByText('不是飞书表格链接或 Token')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('飞书表格'));
    await user.type(within(dialog).getByLabelText('飞书表格'), 'shtDemo');
    await user.type(within(dialog).getByLabelText('工作表ID'), 'a1');
    await user.click(within(dialog).getByRole('button', { name: '导出到飞书' }));
    await within(dialog).findByText('已导出 6200 行');
    await waitFor(() => expect(within(dialog).queryByRole('link')).not.toBeInTheDocument());
  });
});

describe('the range and the sheet', () => {
  it('send whole days as [start, end) and count both ends', () => {
    expect(rangeBody({ days: ['2026-11-30', '2026-12-01'], commId: '9' })).toEqual({
      startTime: '2026-11-30 00:00:00',
      endTime: '2026-12-02 00:00:00',
      commId: '9',
    });
    expect(spanDays(['2026-11-01', '2026-12-01'])).toBe(31);
  });

  it('read a token and sheet id from an address or a bare token', () => {
    expect(readSheet('https://acme.feishu.cn/sheets/shtcnABC?sheet=0b3c2d')).toEqual({
      token: 'shtcnABC',
      sheetId: '0b3c2d',
    });
    expect(readSheet(' shtcnABC ')).toEqual({ token: 'shtcnABC' });
    expect(readSheet('https://example.com/docs/x')).toBeUndefined();
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
  });
});
