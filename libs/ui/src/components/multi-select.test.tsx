import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

import { filterByLabel, MultiSelect } from './multi-select';

const options = [
  { label: '系统管理', value: '1' },
  { label: '用户管理', value: '2' },
  { label: '角色管理', value: '3' },
  { label: '已停用', value: '4', disabled: true },
];

function Controlled({ onChange, maxTagCount }: { onChange: (v: string[]) => void; maxTagCount?: number }) {
  const [value, setValue] = React.useState<string[]>(['1']);
  return (
    <MultiSelect
      aria-label="菜单"
      options={options}
      value={value}
      maxTagCount={maxTagCount}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('MultiSelect', () => {
  it('opens a searchable list and toggles options', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: '菜单' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: '系统管理' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(listbox).getByRole('option', { name: '角色管理' }));
    expect(onChange).toHaveBeenLastCalledWith(['1', '3']);
    await user.type(screen.getByRole('combobox', { name: '搜索' }), '用户');
    expect(within(listbox).queryByRole('option', { name: '角色管理' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['1', '3', '2']);
  });

  it('removes a chip, shows +N and clears all', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <MultiSelect
        aria-label="m"
        options={options}
        defaultValue={['1', '2', '3']}
        maxTagCount={1}
        onChange={onChange}
      />,
    );
    expect(screen.getByText('+2')).toBeInTheDocument();
    expect(screen.getByText('还有 2 项')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '移除 系统管理' }));
    expect(onChange).toHaveBeenLastCalledWith(['2', '3']);
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });

  it('does not select disabled options and calls onBlur when the list closes', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<MultiSelect aria-label="m" options={options} onChange={onChange} onBlur={onBlur} />);
    await user.click(screen.getByRole('combobox', { name: 'm' }));
    await user.click(await screen.findByRole('option', { name: '已停用' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onBlur).toHaveBeenCalled();
  });

  it('filterByLabel matches a substring of the label', () => {
    expect(filterByLabel('1', '管理', ['系统管理'])).toBe(1);
    expect(filterByLabel('1', 'x', ['系统管理'])).toBe(0);
    expect(filterByLabel('1', '', ['系统管理'])).toBe(1);
  });
});
