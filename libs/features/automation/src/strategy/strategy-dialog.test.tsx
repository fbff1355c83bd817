// The control strategy's editor against MSW: the strategy page (the kit's in-memory backend of
// xsh_comm_control_strategy) and `detailByUser` / `updateByUser` answering as the reference server does
// (apps/server/src/modules/xhs/xsh-comm-control-strategy/xsh-comm-control-strategy.module.ts): a customer without a
// strategy gets one saved with the defaults, a save replaces the whole strategy, inconsistent pauses are refused.
import {
  configureHttp,
  type XshCommControlStrategy,
  type XshCommControlStrategyByUser,
  type YdUser,
} from '@smart/api-sdk';
import {
  aiConfigEntity,
  xshCommArrEntity,
  xshCommControlStrategyEntity,
  xshCommEntity,
  ydUserEntity,
} from '@smart/api-sdk/entities';
import { envelope, errorResponse } from '@smart/api-sdk/mocks';
import { actionButtons } from '@smart/crud';
import { memoryBackend } from '@smart/crud/testing';
import { toast } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderEntityPage, setupMswServer } from '../test-utils';
import { STRATEGY_FIELDS, UPDATE_BY_USER_OP } from './strategy-form';

const BASE = '*/api/smart-xshComm/xsh_comm_control_strategy';
const PAGE = '/xhs/xsh_comm_control_strategy';
/** The signed-in user, whose strategy a call without `ydUserId` addresses. */
const ME = '1123598821738675201';
const CUSTOMER = '1790000000000000001';

/** The table's defaults (apps/server/src/db/schema-xhs.ts), which a strategy saved on first read has. */
const DEFAULTS = {
  dailyMaxPerAccount: 1,
  hourlyMaxPerAccount: 1,
  perNoteMax: 1,
  minIntervalSec: 0,
  maxIntervalSec: 0,
  activeStartTime: '',
  activeEndTime: '',
  dedupeDays: 0,
  aiEnabled: 0,
  aiFallbackToPool: 0,
  pictureRate: 0,
  likeBeforeComment: 0,
  maxConsecutiveFail: 1,
  cooldownMinutes: 0,
  sensitiveWords: '',
  minNoteLikes: 0,
};

const SET = {
  dailyMaxPerAccount: 30,
  hourlyMaxPerAccount: 8,
  perNoteMax: 1,
  minIntervalSec: 90,
  maxIntervalSec: 300,
  activeStartTime: '09:00',
  activeEndTime: '23:00',
  dedupeDays: 30,
  aiEnabled: 1,
  aiFallbackToPool: 1,
  pictureRate: 10,
  likeBeforeComment: 0,
  maxConsecutiveFail: 3,
  cooldownMinutes: 120,
  sensitiveWords: '微信,加V',
  minNoteLikes: 20,
};

function strategy(
  ydUserId: string,
  settings: object,
  id = `90${ydUserId.slice(-4)}`,
): XshCommControlStrategy {
  return {
    id,
    tenantId: '000000',
    ydUserId,
    ...DEFAULTS,
    ...settings,
    createUser: ME,
    createDept: '1',
    createTime: '2026-11-22 08:00:00',
    updateUser: ME,
    updateTime: '2026-11-22 08:00:00',
    status: 1,
    isDeleted: 0,
  } as XshCommControlStrategy;
}

const strategies = memoryBackend(xshCommControlStrategyEntity, []);
const customers = memoryBackend(ydUserEntity, []);
let reads: URLSearchParams[] = [];
let updates: XshCommControlStrategyByUser[] = [];
let refusal: string | undefined;

const rowOf = (ydUserId: string) => strategies.rows().find((r) => r.ydUserId === ydUserId);

/** Saves `row` in the backend the page lists (replacing the customer's). */
function store(row: XshCommControlStrategy) {
  strategies.reset([...strategies.rows().filter((r) => r.ydUserId !== row.ydUserId), row]);
  return row;
}

setupMswServer(
  http.get(`${BASE}/detailByUser`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    reads.push(query);
    const owner = query.get('ydUserId') || ME;
    return HttpResponse.json(envelope(rowOf(owner) ?? store(strategy(owner, {}))));
  }),
  http.post(`${BASE}/updateByUser`, async ({ request }) => {
    const body = (await request.json()) as XshCommControlStrategyByUser;
    updates.push(body);
    if (refusal) return errorResponse(400, refusal);
    if ((body.minIntervalSec ?? 0) > (body.maxIntervalSec ?? 0))
      return errorResponse(400, '最短间隔不能大于最长间隔');
    const owner = body.ydUserId || ME;
    const settings = Object.fromEntries(
      STRATEGY_FIELDS.map((f) => [f.name, (body as Record<string, unknown>)[f.name]]),
    );
    return HttpResponse.json(envelope(store(strategy(owner, settings, rowOf(owner)?.id))));
  }),
  ...strategies.handlers,
  ...customers.handlers,
  // the comment task page and its references
  ...memoryBackend(xshCommEntity, []).handlers,
  ...memoryBackend(xshCommArrEntity, []).handlers,
  ...memoryBackend(aiConfigEntity, []).handlers,
);

beforeEach(() => {
  strategies.reset([]);
  customers.reset([]);
  reads = [];
  updates = [];
  refusal = undefined;
});

async function openEditor(path = PAGE) {
  const user = userEvent.setup();
  await renderEntityPage(path);
  await user.click(await screen.findByRole('button', { name: '风控策略' }));
  const dialog = await screen.findByRole('dialog', { name: '风控策略' });
  // loaded: the fields open once the strategy has arrived
  await waitFor(() => expect(within(dialog).getByLabelText('单号每日上限')).toBeEnabled());
  return { user, dialog };
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label);

describe('the control strategy editor', () => {
  it("loads the signed-in user's strategy into the kit's controls", async () => {
    strategies.reset([strategy(ME, SET)]);
    const { dialog } = await openEditor();
    expect(reads.map((q) => q.toString())).toEqual(['']);
    expect(field(dialog, '单号每日上限')).toHaveValue('30');
    expect(field(dialog, '单号每小时上限')).toHaveValue('8');
    expect(field(dialog, '最长间隔(秒)')).toHaveValue('300');
    expect(field(dialog, '活跃开始时间')).toHaveValue('09:00');
    expect(field(dialog, '敏感词')).toHaveValue('微信,加V');
    expect(within(dialog).getByRole('switch', { name: '启用AI' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: '评论前点赞' })).not.toBeChecked();
    // no customers to pick among: the operator edits their own
    expect(within(dialog).queryByRole('combobox', { name: '所属客户' })).not.toBeInTheDocument();
  });

  it('shows the defaults for a customer without a strategy', async () => {
    const { dialog } = await openEditor();
    expect(field(dialog, '单号每日上限')).toHaveValue('1');
    expect(field(dialog, '连续失败上限')).toHaveValue('1');
    expect(field(dialog, '冷却时长(分)')).toHaveValue('0');
    expect(field(dialog, '活跃开始时间')).toHaveValue('');
    expect(within(dialog).getByRole('switch', { name: '启用AI' })).not.toBeChecked();
  });

  it('checks the settings by the contract and sends nothing while one is wrong', async () => {
    strategies.reset([strategy(ME, SET)]);
    const { user, dialog } = await openEditor();
    await user.clear(field(dialog, '单号每日上限'));
    await user.type(field(dialog, '单号每日上限'), '0');
    await user.tab();
    expect(await within(dialog).findByText('单号每日上限须在 1 到 10000 之间')).toBeInTheDocument();
    await user.clear(field(dialog, '活跃结束时间'));
    await user.type(field(dialog, '活跃结束时间'), '25:00');
    await user.tab();
    expect(await within(dialog).findByText('活跃结束时间须为 HH:mm，如 09:00，或留空')).toBeInTheDocument();
    await user.clear(field(dialog, '单号每日上限'));
    await user.type(field(dialog, '单号每日上限'), '20');
    await user.clear(field(dialog, '活跃结束时间'));
    await user.clear(field(dialog, '最短间隔(秒)'));
    await user.type(field(dialog, '最短间隔(秒)'), '600');
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('最短间隔不能大于最长间隔')).toBeInTheDocument();
    await user.clear(field(dialog, '单号每小时上限'));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('请输入单号每小时上限')).toBeInTheDocument();
    expect(updates).toEqual([]);
  });

  it('saves the whole strategy with updateByUser and lists it', async () => {
    const { user, dialog } = await openEditor();
    await user.clear(field(dialog, '单号每日上限'));
    await user.type(field(dialog, '单号每日上限'), '3');
    await user.clear(field(dialog, '单号每小时上限'));
    await user.type(field(dialog, '单号每小时上限'), '10');
    await user.clear(field(dialog, '去重天数'));
    await user.type(field(dialog, '去重天数'), '7');
    await user.type(field(dialog, '活跃开始时间'), '08:30');
    await user.type(field(dialog, '活跃结束时间'), '22:00');
    await user.type(field(dialog, '敏感词'), ' 微信,加V ');
    await user.click(within(dialog).getByRole('switch', { name: '评论前点赞' }));
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('风控策略已保存')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates).toEqual([
      {
        ...DEFAULTS,
        dailyMaxPerAccount: 3,
        hourlyMaxPerAccount: 10,
        dedupeDays: 7,
        activeStartTime: '08:30',
        activeEndTime: '22:00',
        sensitiveWords: '微信,加V',
        likeBeforeComment: 1,
      },
    ]);
    // the page lists again: the saved strategy is its row
    const table = screen.getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
    expect(rowOf(ME)?.dailyMaxPerAccount).toBe(3);
  });

  it("shows the server's refusal as the error toast and stays open", async () => {
    // the console's HTTP layer toasts a refusal (apps/console/src/shell/toaster-host.tsx notifyError)
    configureHttp({ notifyError: (message) => void toast.error(message) });
    refusal = '客户不存在';
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('客户不存在')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '风控策略' })).toBeInTheDocument();
    expect(updates).toHaveLength(1);
  });

  it("edits a customer's strategy picked among the tenant's customers", async () => {
    customers.reset([
      { id: CUSTOMER, tenantId: '000000', account: 'shop01', nickname: '美妆小店' } as YdUser,
    ]);
    strategies.reset([strategy(ME, SET), strategy(CUSTOMER, { dailyMaxPerAccount: 5 })]);
    const { user, dialog } = await openEditor();
    await user.click(within(dialog).getByRole('combobox', { name: '所属客户' }));
    await user.click(await screen.findByRole('option', { name: '美妆小店 (shop01)' }));
    await waitFor(() => expect(field(dialog, '单号每日上限')).toHaveValue('5'));
    expect(reads.map((q) => q.get('ydUserId'))).toEqual([null, CUSTOMER]);
    await user.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({ ydUserId: CUSTOMER, dailyMaxPerAccount: 5 });
  });

  it('is on the Xiaohongshu comment task page too', async () => {
    const { dialog } = await openEditor('/xhs/xsh_comm');
    expect(field(dialog, '单号每日上限')).toHaveValue('1');
  });

  it("saves with the operation the contract puts behind the strategy's edit button", () => {
    expect(actionButtons(xshCommControlStrategyEntity, UPDATE_BY_USER_OP)).toEqual([
      'xsh_comm_control_strategy_edit',
    ]);
  });

  it('is hidden from an operator without the edit button', async () => {
    await renderEntityPage(PAGE, {}, (code) => code !== 'xsh_comm_control_strategy_edit');
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: '风控策略' })).not.toBeInTheDocument();
    expect(reads).toEqual([]);
  });
});
