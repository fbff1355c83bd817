import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ColourPicker, isHexColour, normaliseHex } from './colour-picker';

describe('ColourPicker', () => {
  it('shows the colour, picks a preset and accepts a typed hex', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ColourPicker aria-label="主题色" defaultValue="#409eff" onChange={onChange} />);
    const trigger = screen.getByRole('combobox', { name: '主题色' });
    expect(trigger).toHaveTextContent('#409EFF');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: '#409EFF' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: '#67C23A' }));
    expect(onChange).toHaveBeenLastCalledWith('#67C23A');
    const input = within(dialog).getByRole('textbox', { name: '颜色值' });
    await user.clear(input);
    await user.type(input, '#123abc');
    expect(onChange).toHaveBeenLastCalledWith('#123ABC');
  });

  it('flags an invalid hex and does not emit it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ColourPicker aria-label="c" onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'c' }));
    const input = await screen.findByRole('textbox', { name: '颜色值' });
    await user.type(input, '#12zz');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('颜色格式不正确');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('normalises hex values', () => {
    expect(normaliseHex('fff')).toBe('#FFFFFF');
    expect(normaliseHex('#409eff')).toBe('#409EFF');
    expect(normaliseHex('#12345')).toBeUndefined();
    expect(isHexColour('#abc')).toBe(true);
    expect(isHexColour('red')).toBe(false);
  });
});
