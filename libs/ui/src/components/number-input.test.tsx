import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { clampNumber, NumberInput } from './number-input';

describe('NumberInput', () => {
  it('emits numbers while typing and undefined when emptied', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput aria-label="sort" onChange={onChange} />);
    const input = screen.getByRole('spinbutton', { name: 'sort' });
    await user.type(input, '12');
    expect(onChange).toHaveBeenLastCalledWith(12);
    await user.clear(input);
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await user.type(input, 'abc');
    expect(input).toHaveValue('');
  });

  it('clamps to min/max and rounds to the precision on blur', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput aria-label="n" min={0} max={10} precision={2} onChange={onChange} />);
    const input = screen.getByRole('spinbutton');
    await user.type(input, '25');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(10);
    expect(input).toHaveValue('10.00');
    await user.clear(input);
    await user.type(input, '3.14159');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(3.14);
    expect(input).toHaveValue('3.14');
  });

  it('steps with the arrow keys and the stepper buttons, within the limits', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<NumberInput aria-label="n" defaultValue={1} min={0} max={2} step={0.5} onChange={onChange} />);
    const input = screen.getByRole('spinbutton');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(1.5);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(screen.getByRole('button', { name: '增加' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '减少' }));
    expect(onChange).toHaveBeenLastCalledWith(1.5);
    expect(input).toHaveAttribute('aria-valuenow', '1.5');
  });

  it('is controlled by value', () => {
    const { rerender } = render(<NumberInput aria-label="n" value={5} />);
    expect(screen.getByRole('spinbutton')).toHaveValue('5');
    rerender(<NumberInput aria-label="n" value={null} />);
    expect(screen.getByRole('spinbutton')).toHaveValue('');
  });

  it('clampNumber', () => {
    expect(clampNumber(-1, 0, 5)).toBe(0);
    expect(clampNumber(1.005, undefined, undefined, 1)).toBe(1);
    expect(clampNumber(7, 0, 5)).toBe(5);
  });
});
