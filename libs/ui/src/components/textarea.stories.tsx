import type { Meta, StoryObj } from '@storybook/react-vite';

import { Textarea } from './textarea';

const meta = {
  title: 'Components/Textarea',
  component: Textarea,
  args: { 'aria-label': '参数键值', placeholder: '请输入参数键值' },
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const SixRows: Story = { args: { rows: 6 } };
export const ReadOnly: Story = { args: { readOnly: true, rows: 4, defaultValue: 'line 1\nline 2' } };
