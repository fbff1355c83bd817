import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { UiLocaleProvider } from '../locale/ui-locale';
import { DatePicker, DateRangePicker, DateTimePicker, formatDateValue, parseDateValue } from './date-picker';

function day(grid: HTMLElement, date: string): HTMLElement {
  const el = grid.querySelector(`button[data-day="${date}"]`);
  if (!el) throw new Error(`no day ${date}`);
  return el as HTMLElement;
}

describe('DatePicker', () => {
  it('emits YYYY-MM-DD and shows the chosen date', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DatePicker aria-label="日期" defaultValue="2024-05-10" onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: '日期' });
    expect(trigger).toHaveTextContent('2024-05-10');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('grid')).toHaveAccessibleName(/2024/);
    await user.click(day(dialog, '2024-05-20'));
    expect(onChange).toHaveBeenCalledWith('2024-05-20');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveTextContent('2024-05-20');
  });

  it('disables days outside min/max and clears', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DatePicker aria-label="d" value="2024-05-10" min="2024-05-05" max="2024-05-15" onChange={onChange} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'd' }));
    const dialog = await screen.findByRole('dialog');
    expect(day(dialog, '2024-05-04')).toBeDisabled();
    expect(day(dialog, '2024-05-16')).toBeDisabled();
    expect(day(dialog, '2024-05-05')).toBeEnabled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
  });

  it('uses the kit locale for the calendar', async () => {
    const user = userEvent.setup();
    render(
      <UiLocaleProvider locale="en">
        <DatePicker aria-label="d" defaultValue="2024-05-10" />
      </UiLocaleProvider>,
    );
    await user.click(screen.getByRole('combobox', { name: 'd' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('May 2024')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /previous month/i })).toBeInTheDocument();
  });
});

describe('DateTimePicker', () => {
  it('emits YYYY-MM-DD HH:mm:ss and keeps the time when the day changes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<DateTimePicker aria-label="时间" defaultValue="2024-05-10 08:30:15" onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: '时间' })).toHaveTextContent('2024-05-10 08:30:15');
    await user.click(screen.getByRole('combobox', { name: '时间' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(day(dialog, '2024-05-12'));
    expect(onChange).toHaveBeenLastCalledWith('2024-05-12 08:30:15');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '时' }), '23');
    expect(onChange).toHaveBeenLastCalledWith('2024-05-12 23:30:15');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '秒' }), '0');
    expect(onChange).toHaveBeenLastCalledWith('2024-05-12 23:30:00');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DateRangePicker', () => {
  it('picks start then end (in either order) over two months', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <DateRangePicker aria-label="范围" defaultValue={['2024-05-01', '2024-05-03']} onChange={onChange} />,
    );
    const trigger = screen.getByRole('combobox', { name: '范围' });
    expect(trigger).toHaveTextContent('2024-05-01 至 2024-05-03');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('grid')).toHaveLength(2);
    await user.click(day(dialog, '2024-06-10'));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(day(dialog, '2024-05-20'));
    expect(onChange).toHaveBeenCalledWith(['2024-05-20', '2024-06-10']);
    expect(trigger).toHaveTextContent('2024-05-20 至 2024-06-10');
  });
});

describe('date helpers', () => {
  it('parse and format the platform formats', () => {
    const d = parseDateValue('2024-01-02 03:04:05');
    expect(d && formatDateValue(d, 'YYYY-MM-DD HH:mm:ss')).toBe('2024-01-02 03:04:05');
    expect(parseDateValue('')).toBeUndefined();
    expect(parseDateValue('nope')).toBeUndefined();
  });
});
