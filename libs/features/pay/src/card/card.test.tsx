import { CrudProvider } from '@smart/crud';
import { toast } from '@smart/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../test-utils';
import cardExtension from './card-extension';
import { emptyGenerateValues, generateBody, generateProblems } from './card-form';
import cardGroupExtension from './card-group-extension';
import { CardStatusButton } from './CardStatusButton';
import { GenerateCardsDialog } from './GenerateCardsDialog';
import { keysAsText } from './GeneratedKeys';
import { RedeemDialog } from './RedeemDialog';

const ok = <T,>(data: T) => HttpResponse.json({ code: 200, success: true, msg: '操作成功', data });
const refusal = (msg: string) =>
  HttpResponse.json({ code: 400, success: false, msg, data: null }, { status: 400 });
// the rpa_card_type dictionary as the console's loader answers it
const dictionary = async () => [
  { value: '1', label: '算力' },
  { value: '2', label: '服务天数' },
  { value: '3', label: '机器人额度' },
];
const CARDS = [
  { id: '1790000000000001201', cardNo: 'YD2026112200000001', cardSecret: 'K7P2-QX9M-3JHT-8W4D' },
  { id: '1790000000000001202', cardNo: 'YD2026112200000002', cardSecret: 'ABCD-EFGH-JKLM-NPQR' },
];
const sent: { generate: unknown[]; redeem: unknown[]; enable: unknown[] } = {
  generate: [],
  redeem: [],
  enable: [],
};
let refuse: string | undefined;

setupMswServer(
  http.get('*/api/smart-user/page', () =>
    ok({
      total: 1,
      size: 1000,
      current: 1,
      pages: 1,
      records: [{ id: '1123598821738675209', account: 'guest', realName: '访客' }],
    }),
  ),
  http.post('*/api/smart-rpa/rpa_card_group/generate', async ({ request }) => {
    sent.generate.push(await request.json());
    if (refuse) return refusal(refuse);
    return ok({ group: { id: '1790000000000001101', groupName: '渠道卡', totalCount: 2 }, cards: CARDS });
  }),
  http.post('*/api/smart-rpa/rpa_card_password/redeem', async ({ request }) => {
    sent.redeem.push(await request.json());
    if (refuse) return refusal(refuse);
    return ok({
      cardId: CARDS[0]!.id,
      cardNo: CARDS[0]!.cardNo,
      cardType: 1,
      faceValue: 100,
      ydUserId: '1123598821738675209',
      beforeValue: 20,
      afterValue: 120,
      expireTime: '',
    });
  }),
  http.post('*/api/smart-rpa/rpa_card_password/enable', async ({ request }) => {
    sent.enable.push(await request.json());
    return ok({ id: CARDS[0]!.id, cardStatus: 2 });
  }),
);

beforeEach(() => {
  sent.generate = [];
  sent.redeem = [];
  sent.enable = [];
  refuse = undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the generate form', () => {
  it('asks a new group for its name, a whole value and 1 to 1000 cards; a group of its own only for the count', () => {
    const v = { ...emptyGenerateValues(), count: '1001', faceValue: '1.5', price: '9.999', cardPrefix: 'yd' };
    expect(generateProblems(v, false)).toEqual({
      count: 'pay.card.countRange',
      groupName: 'pay.card.groupNameRequired',
      faceValue: 'pay.card.faceValueWhole',
      price: 'pay.card.priceInvalid',
      cardPrefix: 'pay.card.prefixInvalid',
    });
    expect(generateProblems({ ...v, count: '' }, true)).toEqual({ count: 'pay.card.countRequired' });
    const good = {
      ...v,
      groupName: ' 渠道卡 ',
      faceValue: '100',
      price: '',
      cardPrefix: 'YD',
      count: '1000',
    };
    expect(Object.values(generateProblems(good, false)).filter(Boolean)).toEqual([]);
    expect(generateBody(good)).toEqual({
      group: {
        groupName: '渠道卡',
        cardType: 1,
        faceValue: 100,
        price: 0,
        cardPrefix: 'YD',
        expireTime: '',
        channel: '',
      },
      count: 1000,
    });
    expect(generateBody(good, '17')).toEqual({ groupId: '17', count: 1000 });
  });
});

describe('GenerateCardsDialog', () => {
  const render = (props: Partial<Parameters<typeof GenerateCardsDialog>[0]> = {}) => {
    const onOpenChange = vi.fn();
    const onGenerated = vi.fn();
    renderWithShell(
      <CrudProvider value={{ dictionary }}>
        <GenerateCardsDialog open onOpenChange={onOpenChange} onGenerated={onGenerated} {...props} />
      </CrudProvider>,
    );
    return { onOpenChange, onGenerated };
  };

  it('makes a new group, then shows its keys once with copy and download', async () => {
    const user = userEvent.setup();
    const { onGenerated, onOpenChange } = render();
    const dialog = await screen.findByRole('dialog', { name: '生成卡密' });
    await user.click(within(dialog).getByRole('button', { name: '生成' }));
    expect(await within(dialog).findByText('请输入卡组名称')).toBeTruthy();
    expect(within(dialog).getByText('请输入面值')).toBeTruthy();
    expect(sent.generate).toEqual([]);

    // the dictionary's types a generation may make; robot quota is not one of them
    expect(within(dialog).queryByRole('radio', { name: '机器人额度' })).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: /卡组名称/ }), '渠道卡');
    await user.click(within(dialog).getByRole('radio', { name: '服务天数' }));
    await user.type(within(dialog).getByRole('textbox', { name: /每张面值 \(天\)/ }), '30');
    await user.type(within(dialog).getByRole('textbox', { name: /卡号前缀/ }), 'yd');
    await user.clear(within(dialog).getByRole('textbox', { name: /生成数量/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /生成数量/ }), '2');
    await user.click(within(dialog).getByRole('button', { name: '生成' }));

    const done = await screen.findByRole('dialog', { name: '已生成 2 张卡密:渠道卡' });
    expect(sent.generate).toEqual([
      {
        group: {
          groupName: '渠道卡',
          cardType: 2,
          faceValue: 30,
          price: 0,
          cardPrefix: 'YD',
          expireTime: '',
          channel: '',
        },
        count: 2,
      },
    ]);
    expect(onGenerated).toHaveBeenCalled();
    expect(within(done).getByRole('alert').textContent).toContain('只显示这一次');
    for (const c of CARDS) {
      expect(within(done).getByText(c.cardNo)).toBeTruthy();
      expect(within(done).getByText(c.cardSecret)).toBeTruthy();
    }

    await user.click(within(done).getByRole('button', { name: '复制全部' }));
    expect(await navigator.clipboard.readText()).toBe(keysAsText(CARDS));
    expect(keysAsText(CARDS)).toBe(
      `${CARDS[0]!.cardNo}\t${CARDS[0]!.cardSecret}\n${CARDS[1]!.cardNo}\t${CARDS[1]!.cardSecret}`,
    );

    // the CSV holds both columns of every card
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => (blobs.push(b), 'blob:keys'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(within(done).getByRole('button', { name: '下载 CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const csv = await blobs[0]!.text();
    expect(csv).toContain('卡号,卡密');
    for (const c of CARDS) expect(csv).toContain(`${c.cardNo},${c.cardSecret}`);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^渠道卡-卡密-\d{8}-\d{6}\.csv$/);

    // closing forgets them
    await user.click(within(done).getByRole('button', { name: '我已保存,关闭' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('adds cards to a group asking only the count, and keeps the form when refused', async () => {
    refuse = '卡组已过期，不能生成卡密';
    const user = userEvent.setup();
    const { onGenerated } = render({ group: { id: '1790000000000001101', groupName: '渠道卡' } });
    const dialog = await screen.findByRole('dialog', { name: '为「渠道卡」生成卡密' });
    expect(within(dialog).queryByRole('textbox', { name: /卡组名称/ })).toBeNull();
    await user.clear(within(dialog).getByRole('textbox', { name: /生成数量/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /生成数量/ }), '50');
    await user.click(within(dialog).getByRole('button', { name: '生成' }));
    await waitFor(() => expect(sent.generate).toEqual([{ groupId: '1790000000000001101', count: 50 }]));
    expect(onGenerated).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: '生成' })).toBeTruthy();
  });
});

describe('RedeemDialog', () => {
  it('says what is missing, then redeems for the chosen customer and closes', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const onRedeemed = vi.fn();
    const success = vi.spyOn(toast, 'success');
    renderWithShell(<RedeemDialog open onOpenChange={onOpenChange} onRedeemed={onRedeemed} />);
    const dialog = await screen.findByRole('dialog', { name: '兑换卡密' });
    await user.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    expect(await within(dialog).findByText('请输入卡号')).toBeTruthy();
    expect(within(dialog).getByText('请输入卡密')).toBeTruthy();
    expect(sent.redeem).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /卡号/ }), ` ${CARDS[0]!.cardNo} `);
    await user.type(within(dialog).getByRole('textbox', { name: /^卡密/ }), CARDS[0]!.cardSecret);
    await user.click(within(dialog).getByRole('combobox', { name: /客户/ }));
    await user.click(await screen.findByRole('option', { name: '访客 (guest)' }));
    await user.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(onRedeemed).toHaveBeenCalled());
    expect(sent.redeem).toEqual([
      { cardNo: CARDS[0]!.cardNo, cardSecret: CARDS[0]!.cardSecret, ydUserId: '1123598821738675209' },
    ]);
    expect(success).toHaveBeenCalledWith('兑换成功:20 → 120 次');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open when the server refuses', async () => {
    refuse = '卡号或卡密错误';
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    renderWithShell(<RedeemDialog open onOpenChange={onOpenChange} />);
    const dialog = await screen.findByRole('dialog', { name: '兑换卡密' });
    await user.type(within(dialog).getByRole('textbox', { name: /卡号/ }), 'YD1');
    await user.type(within(dialog).getByRole('textbox', { name: /^卡密/ }), 'x');
    await user.click(within(dialog).getByRole('button', { name: '确认兑换' }));
    await waitFor(() => expect(sent.redeem).toEqual([{ cardNo: 'YD1', cardSecret: 'x', ydUserId: '' }]));
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(within(dialog).getByRole('button', { name: '确认兑换' })).toBeTruthy();
  });
});

describe('the card pages', () => {
  const page = { reload: vi.fn(), selectedIds: [] } as never;
  const can = (button: string) => ({ can: (b: string) => b === button });

  it('offer generation to whoever holds the card groups add button', () => {
    const { unmount } = renderWithShell(
      <CrudProvider value={can('rpa_card_group_add')}>
        {cardGroupExtension.toolbar!(page)}
        {cardGroupExtension.rowActions!({ id: '1', groupName: '渠道卡' }, page)}
      </CrudProvider>,
    );
    expect(screen.getByRole('button', { name: '生成卡密' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '追加卡密' })).toBeTruthy();
    unmount();
    renderWithShell(
      <CrudProvider value={can('rpa_card_group_edit')}>{cardGroupExtension.toolbar!(page)}</CrudProvider>,
    );
    expect(screen.queryByRole('button', { name: '生成卡密' })).toBeNull();
  });

  it('offer redemption to whoever holds the card page edit button', () => {
    const { unmount } = renderWithShell(
      <CrudProvider value={can('rpa_card_password_edit')}>{cardExtension.toolbar!(page)}</CrudProvider>,
    );
    expect(screen.getByRole('button', { name: '兑换' })).toBeTruthy();
    unmount();
    renderWithShell(
      <CrudProvider value={can('rpa_card_password_view')}>{cardExtension.toolbar!(page)}</CrudProvider>,
    );
    expect(screen.queryByRole('button', { name: '兑换' })).toBeNull();
  });

  it('disable an unused card and enable a disabled one; used and expired cards have no switch', async () => {
    const user = userEvent.setup();
    const onChanged = vi.fn();
    const render = (status: number) =>
      renderWithShell(
        <CrudProvider value={can('rpa_card_password_edit')}>
          <CardStatusButton id={CARDS[0]!.id} status={status} onChanged={onChanged} />
        </CrudProvider>,
      );
    const first = render(0);
    await user.click(screen.getByRole('button', { name: '停用' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent.enable).toEqual([{ id: CARDS[0]!.id, cardStatus: 2 }]);
    first.unmount();
    const second = render(2);
    expect(screen.getByRole('button', { name: '启用' })).toBeTruthy();
    second.unmount();
    for (const status of [1, 3]) {
      const r = render(status);
      expect(screen.queryByRole('button')).toBeNull();
      r.unmount();
    }
  });
});
