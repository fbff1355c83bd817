import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { Input } from './input';

const meta = {
  title: 'Components/Input',
  component: Input,
  args: { placeholder: '请输入参数名称', 'aria-label': '参数名称', onChange: fn() },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByRole('textbox'), 'abc');
    await expect(args.onChange).toHaveBeenCalled();
  },
};
export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'bad' } };
export const ReadOnly: Story = { args: { readOnly: true, defaultValue: 'read only' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'disabled' } };
export const Number: Story = { args: { type: 'number', defaultValue: 1 } };
