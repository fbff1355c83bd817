import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';

import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const meta = {
  title: 'Components/Popover',
  component: Popover,
  render: (args) => (
    <Popover {...args}>
      <PopoverTrigger asChild>
        <Button>通知</Button>
      </PopoverTrigger>
      <PopoverContent className="w-80" aria-label="消息">
        <p className="text-sm font-medium">消息</p>
        <p className="text-sm text-muted-foreground">暂无新的消息</p>
      </PopoverContent>
    </Popover>
  ),
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '通知' }));
    await expect(await screen.findByText('暂无新的消息')).toBeInTheDocument();
  },
};
export const Open: Story = { args: { defaultOpen: true } };
