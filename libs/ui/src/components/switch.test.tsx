import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Switch } from './switch';

describe('Switch', () => {
  it('maps the platform 0/1 values through checkedValue/uncheckedValue', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    function Sealed() {
      const [value, setValue] = React.useState<string | number | boolean>(0);
      return (
        <Switch
          aria-label="封存"
          value={value}
          checkedValue={1}
          uncheckedValue={0}
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Sealed />);
    const sw = screen.getByRole('switch', { name: '封存' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await user.click(sw);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await user.click(sw);
    expect(onChange).toHaveBeenLastCalledWith(0);
  });

  it('treats "1" and 1 alike and still supports checked/onCheckedChange', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(<Switch aria-label="a" value="1" checkedValue={1} uncheckedValue={0} />);
    expect(screen.getByRole('switch', { name: 'a' })).toHaveAttribute('aria-checked', 'true');
    render(<Switch aria-label="b" checked={false} onCheckedChange={onCheckedChange} />);
    await user.click(screen.getByRole('switch', { name: 'b' }));
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
