import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { PasswordInput } from './password-input';

const meta = {
  title: 'Components/PasswordInput',
  component: PasswordInput,
  args: { 'aria-label': '密码', defaultValue: 'secret' },
} satisfies Meta<typeof PasswordInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('密码');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: /显示密码|Show password/ }));
    await expect(input).toHaveAttribute('type', 'text');
  },
};
export const Visible: Story = { args: { defaultVisible: true } };
export const Disabled: Story = { args: { disabled: true } };
