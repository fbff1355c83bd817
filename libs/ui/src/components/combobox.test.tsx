import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Combobox } from './combobox';

const options = [
  { label: '美妆评论任务', value: '11' },
  { label: '数码评论任务', value: '12' },
  { label: '旅行评论任务', value: '13' },
  { label: '已停用任务', value: '14', disabled: true },
];

function Controlled({ onChange, initial }: { onChange: (v: string | undefined) => void; initial?: string }) {
  const [value, setValue] = React.useState<string | undefined>(initial);
  return (
    <Combobox
      aria-label="评论任务"
      placeholder="请选择评论任务"
      options={options}
      value={value ?? ''}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
    />
  );
}

describe('Combobox', () => {
  it('searches the options by label and picks one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: '评论任务' });
    expect(trigger).toHaveTextContent('请选择评论任务');
    await user.click(trigger);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(4);
    await user.type(screen.getByRole('combobox', { name: '搜索' }), '旅行');
    expect(within(listbox).queryByRole('option', { name: '美妆评论任务' })).toBeNull();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('13');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger).toHaveTextContent('旅行评论任务');
  });

  it('marks the chosen option, skips disabled ones and clears', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} initial="12" />);
    await user.click(screen.getByRole('combobox', { name: '评论任务' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: '数码评论任务' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(within(listbox).getByRole('option', { name: '已停用任务' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    expect(screen.getByRole('combobox', { name: '评论任务' })).toHaveTextContent('请选择评论任务');
  });

  it('shows a value that is none of the options as it is', () => {
    render(<Combobox aria-label="评论任务" options={options} value="99" disabled />);
    expect(screen.getByRole('combobox', { name: '评论任务' })).toHaveTextContent('99');
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });
});
