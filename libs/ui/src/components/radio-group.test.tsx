import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { RadioGroup } from './radio-group';

const options = [
  { label: '否', value: '0' },
  { label: '是', value: '1' },
  { label: '未知', value: '2', disabled: true },
];

describe('RadioGroup', () => {
  it('renders labelled options and reports the chosen value', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(<RadioGroup aria-label="封存" options={options} defaultValue="0" onValueChange={onValueChange} />);
    expect(screen.getByRole('radiogroup', { name: '封存' })).toHaveAttribute(
      'aria-orientation',
      'horizontal',
    );
    await user.click(screen.getByLabelText('是'));
    expect(onValueChange).toHaveBeenCalledWith('1');
    expect(screen.getByRole('radio', { name: '是' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '未知' })).toBeDisabled();
  });

  it('calls onBlur when focus leaves the group', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    render(
      <>
        <RadioGroup aria-label="g" options={options} orientation="vertical" onBlur={onBlur} />
        <button type="button">next</button>
      </>,
    );
    await user.click(screen.getByRole('radio', { name: '否' }));
    expect(onBlur).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'next' }));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
