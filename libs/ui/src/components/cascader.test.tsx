import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Cascader, type CascaderOption, formatCascaderPath } from './cascader';

const regions: CascaderOption[] = [
  {
    value: '11',
    label: '北京市',
    children: [{ value: '1101', label: '市辖区', children: [{ value: '110101', label: '东城区' }] }],
  },
  { value: '44', label: '广东省', isLeaf: false },
];

describe('Cascader', () => {
  it('shows the path and emits the value path', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Cascader aria-label="地区" options={regions} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: '地区' }));
    await user.click(await screen.findByRole('option', { name: '北京市' }));
    await user.click(await screen.findByRole('option', { name: '市辖区' }));
    await user.click(await screen.findByRole('option', { name: '东城区' }));
    expect(onChange).toHaveBeenCalledWith(
      ['11', '1101', '110101'],
      expect.arrayContaining([expect.objectContaining({ label: '东城区' })]),
    );
    expect(screen.getByRole('combobox', { name: '地区' })).toHaveTextContent('北京市 / 市辖区 / 东城区');
  });

  it('loads a level lazily and works with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const loadOptions = vi.fn(async (option: CascaderOption) => [
      { value: `${option.value}01`, label: '广州市' },
      { value: `${option.value}03`, label: '深圳市' },
    ]);
    render(<Cascader aria-label="地区" options={regions} loadOptions={loadOptions} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: '地区' }));
    await waitFor(() => expect(screen.getByRole('option', { name: '北京市' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('option', { name: '广州市' })).toHaveFocus());
    expect(loadOptions).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(['44', '4403'], expect.any(Array));
    expect(screen.getByRole('combobox', { name: '地区' })).toHaveTextContent('广东省 / 深圳市');
  });

  it('clears and formats unknown values as they are', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Cascader aria-label="c" options={regions} defaultValue={['11', '1101']} onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'c' }).parentElement as HTMLElement;
    await user.click(within(box).getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenCalledWith([], []);
    expect(formatCascaderPath(regions, ['11', 'x'])).toBe('北京市 / x');
  });
});
