import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus, Trash } from 'lucide-react';
import { expect, fn } from 'storybook/test';

import { Button } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Button', onClick: fn() },
  argTypes: {
    variant: {
      control: 'select',
      options: ['default', 'primary', 'destructive', 'outline', 'secondary', 'ghost', 'link'],
    },
    size: { control: 'select', options: ['default', 'xs', 'sm', 'lg', 'icon', 'icon-sm', 'icon-xs'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Button' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Primary: Story = { args: { variant: 'primary', children: '新增' } };

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-2">
      <Button {...args} variant="default">
        default
      </Button>
      <Button {...args} variant="primary">
        primary
      </Button>
      <Button {...args} variant="destructive">
        destructive
      </Button>
      <Button {...args} variant="outline">
        outline
      </Button>
      <Button {...args} variant="secondary">
        secondary
      </Button>
      <Button {...args} variant="ghost">
        ghost
      </Button>
      <Button {...args} variant="link">
        link
      </Button>
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex flex-wrap items-center gap-2">
      <Button {...args} size="xs">
        xs
      </Button>
      <Button {...args} size="sm">
        sm
      </Button>
      <Button {...args} size="default">
        default
      </Button>
      <Button {...args} size="lg">
        lg
      </Button>
      <Button {...args} size="icon" aria-label="add">
        <Plus />
      </Button>
      <Button {...args} size="icon-sm" variant="destructive" aria-label="delete">
        <Trash />
      </Button>
    </div>
  ),
};

export const WithIcon: Story = {
  args: {
    variant: 'primary',
    children: (
      <>
        <Plus />
        新增
      </>
    ),
  },
};

export const Loading: Story = {
  args: { variant: 'primary', loading: true, children: '保存' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

export const Disabled: Story = { args: { disabled: true } };

export const AsLink: Story = {
  render: (args) => (
    <Button asChild variant={args.variant ?? 'link'}>
      <a href="#top">a link styled as a button</a>
    </Button>
  ),
};
