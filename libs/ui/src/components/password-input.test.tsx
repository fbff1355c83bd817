import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('toggles visibility', async () => {
    const user = userEvent.setup();
    render(<PasswordInput aria-label="pw" defaultValue="secret" />);
    const input = screen.getByLabelText('pw') as HTMLInputElement;
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: '显示密码' }));
    expect(input.type).toBe('text');
    await user.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(input.type).toBe('password');
  });
});
