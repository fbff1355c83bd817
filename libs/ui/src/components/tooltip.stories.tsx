import type { Meta, StoryObj } from '@storybook/react-vite';
import { RefreshCw } from 'lucide-react';
import { expect, screen } from 'storybook/test';

import { Button } from './button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const meta = {
  title: 'Components/Tooltip',
  component: Tooltip,
  render: (args) => (
    <Tooltip {...args}>
      <TooltipTrigger asChild>
        <Button size="icon" aria-label="刷新">
          <RefreshCw />
        </Button>
      </TooltipTrigger>
      <TooltipContent>刷新</TooltipContent>
    </Tooltip>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: '刷新' })).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('刷新');
  },
};
export const Open: Story = { args: { defaultOpen: true } };
