import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell, Lock, RefreshCw } from 'lucide-react';
import { expect, fn, screen } from 'storybook/test';

import { Badge } from './badge';
import { IconButton } from './icon-button';

const meta = {
  title: 'Components/IconButton',
  component: IconButton,
  args: { label: '刷新', onClick: fn(), children: <RefreshCw /> },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const button = canvas.getByRole('button', { name: '刷新' });
    await userEvent.hover(button);
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('刷新');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalled();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-2">
      <IconButton {...args} size="icon" label="锁屏">
        <Lock />
      </IconButton>
      <IconButton {...args} size="icon-sm" variant="default" label="刷新">
        <RefreshCw />
      </IconButton>
      <IconButton {...args} size="icon-xs" variant="primary" label="通知" tooltip={false}>
        <Bell />
      </IconButton>
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true } };

/** The top bar's error-log button: a badge with the count, capped at 99. */
export const WithBadge: Story = {
  render: (args) => (
    <span className="relative inline-flex">
      <IconButton {...args} label="120 条错误日志">
        <Bell />
      </IconButton>
      <Badge
        variant="destructive"
        count={120}
        max={99}
        aria-hidden
        className="absolute -top-1 -right-2 px-1.5"
      />
    </span>
  ),
};
