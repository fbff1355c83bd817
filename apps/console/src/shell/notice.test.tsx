import type { Notice, NoticePage } from '@smart/api-sdk';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithShell, setupMswServer } from '../test-utils/providers';
import { noticeText } from './notice-text';
import {
  NOTICE_AREA_HEIGHT,
  NOTICE_PAGE_DELAY_MS,
  NoticeList,
  NoticePopover,
  type NoticeLoader,
} from './NoticePopover';
import '../i18n';

function notice(i: number, content = `<p>内容${i}</p>`): Notice {
  return {
    id: String(100 + i),
    tenantId: '000000',
    categoryName: '发布通知',
    title: `通知${i}`,
    category: 1,
    releaseTime: '2026-11-22 10:30:00',
    content,
    createUser: '1',
    createDept: '1',
    createTime: '2026-11-22 10:30:00',
    updateUser: '1',
    updateTime: '2026-11-22 10:30:00',
    status: 1,
    isDeleted: 0,
  } as Notice;
}

function pageOf(current: number, size: number, total: number): NoticePage {
  const records = Array.from({ length: Math.max(0, Math.min(size, total - (current - 1) * size)) }, (_, k) =>
    notice((current - 1) * size + k + 1),
  );
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

let listCalls: URLSearchParams[] = [];
setupMswServer(
  http.get('*/api/smart-desk/notice/list', ({ request }) => {
    const q = new URL(request.url).searchParams;
    listCalls.push(q);
    return HttpResponse.json({
      code: 200,
      success: true,
      msg: '',
      data: pageOf(Number(q.get('current')), Number(q.get('size')), 3),
    });
  }),
);

afterEach(() => {
  vi.useRealTimers();
  listCalls = [];
});

describe('notice text', () => {
  it('renders notice HTML as inert text', () => {
    expect(noticeText('<p>请<b>全体</b>员工</p><script>alert(1)</script><style>p{}</style>')).toBe(
      '请全体员工',
    );
    expect(noticeText(undefined)).toBe('');
  });

  it('reads blocks and line breaks as spaces, and plain text as it is', () => {
    expect(
      noticeText(
        '<h2>标题</h2><p>第一段<br>续</p><ul><li>一</li><li>二</li></ul><blockquote>引</blockquote>',
      ),
    ).toBe('标题 第一段 续 一 二 引');
    expect(noticeText('本周日 02:00–04:00 系统维护, 1 &lt; 2')).toBe('本周日 02:00–04:00 系统维护, 1 < 2');
  });
});

describe('notice list paging (docs/spec.md §9)', () => {
  it('is 300px high and loads the next page 1 s after the end is reached', async () => {
    vi.useFakeTimers();
    const load = vi.fn<NoticeLoader>(async ({ current, size }) => pageOf(current, size, 25));
    render(<NoticeList load={load} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenLastCalledWith({ current: 1, size: 10 });
    expect(screen.getAllByTestId('notice-item')).toHaveLength(10);
    const area = screen.getByTestId('notice-scroll');
    expect(area.style.height).toBe(`${NOTICE_AREA_HEIGHT}px`);

    fireEvent.scroll(area);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_PAGE_DELAY_MS - 1);
    });
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.scroll(area); // scrolling again while waiting does not queue a second load
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenLastCalledWith({ current: 2, size: 10 });
    expect(screen.getAllByTestId('notice-item')).toHaveLength(20);

    fireEvent.scroll(area);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_PAGE_DELAY_MS);
    });
    expect(load).toHaveBeenLastCalledWith({ current: 3, size: 10 });
    expect(screen.getAllByTestId('notice-item')).toHaveLength(25);
    expect(screen.getByText('没有更多了')).toBeInTheDocument();

    fireEvent.scroll(area);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(NOTICE_PAGE_DELAY_MS * 2);
    });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('never inserts notice HTML', async () => {
    const load: NoticeLoader = async () => ({
      records: [notice(1, '<img src=x onerror="window.hacked=1"><b>正文</b>')],
      total: 1,
      size: 10,
      current: 1,
      pages: 1,
    });
    const { container } = render(<NoticeList load={load} />);
    expect(await screen.findByText('正文')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });
});

describe('notice popover', () => {
  it('has the mail, message and notice tabs; notices come from notice/list', async () => {
    const user = userEvent.setup();
    renderWithShell(<NoticePopover />);
    await user.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByRole('tab', { name: '邮件' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '消息' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '公告' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('通知1')).toBeInTheDocument();
    expect(screen.getByText('内容1')).toBeInTheDocument();
    expect(listCalls[0]?.get('current')).toBe('1');
    expect(listCalls[0]?.get('size')).toBe('10');
    await user.click(screen.getByRole('tab', { name: '邮件' }));
    expect(await screen.findByText('暂无邮件')).toBeInTheDocument();
    expect(screen.getByText('本控制台暂不收发邮件。')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: '消息' }));
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });
});
