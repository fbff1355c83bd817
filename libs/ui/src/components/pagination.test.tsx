import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { UiLocaleProvider } from '../locale/ui-locale';
import { getPageItems, Pagination } from './pagination';

describe('getPageItems', () => {
  it('lists every page when there are few', () => {
    expect(getPageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('adds ellipses around a window', () => {
    expect(getPageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(getPageItems(10, 20)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
    expect(getPageItems(20, 20)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });
});

describe('Pagination', () => {
  it('shows total, page numbers, and navigates with prev/next', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination current={2} size={10} total={45} onChange={onChange} />);
    expect(screen.getByText('共 45 条')).toBeTruthy();
    expect(screen.getByRole('button', { name: '第 2 页' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('button', { name: /^第 \d 页$/ })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenLastCalledWith({ current: 3, size: 10 });
    await user.click(screen.getByRole('button', { name: '上一页' }));
    expect(onChange).toHaveBeenLastCalledWith({ current: 1, size: 10 });
    await user.click(screen.getByRole('button', { name: '第 5 页' }));
    expect(onChange).toHaveBeenLastCalledWith({ current: 5, size: 10 });
  });

  it('disables prev on the first page and next on the last', () => {
    render(<Pagination current={1} size={10} total={10} onChange={() => {}} />);
    expect((screen.getByRole('button', { name: '上一页' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '下一页' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers 10/30/50/100/200 and a size change resets to page 1', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination current={3} size={10} total={500} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: '每页条数' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      '10条/页',
      '30条/页',
      '50条/页',
      '100条/页',
      '200条/页',
    ]);
    await user.click(screen.getByRole('option', { name: '50条/页' }));
    expect(onChange).toHaveBeenLastCalledWith({ current: 1, size: 50 });
  });

  it('jumps to a page, clamped to the page count', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Pagination current={1} size={10} total={95} onChange={onChange} />);
    const jump = screen.getByRole('spinbutton', { name: /前往/ });
    await user.type(jump, '7{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ current: 7, size: 10 });
    await user.type(jump, '99{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ current: 10, size: 10 });
  });

  it('speaks English under locale en', () => {
    render(
      <UiLocaleProvider locale="en">
        <Pagination current={1} size={10} total={3} onChange={() => {}} />
      </UiLocaleProvider>,
    );
    expect(screen.getByText('Total 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });
});
