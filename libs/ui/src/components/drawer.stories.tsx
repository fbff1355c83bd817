import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor } from 'storybook/test';

import { Button } from './button';
import { DrawerClose, SimpleDrawer } from './drawer';
import { Input } from './input';
import { Label } from './label';

const meta = {
  title: 'Components/Drawer',
  component: SimpleDrawer,
  args: {
    title: '系统设置',
    description: '调整布局和主题',
    side: 'right',
    width: 360,
    closeOnOutsideClick: true,
    trigger: <Button variant="primary">打开抽屉</Button>,
    footer: (
      <>
        <DrawerClose asChild>
          <Button>取消</Button>
        </DrawerClose>
        <Button variant="primary">保存</Button>
      </>
    ),
    children: (
      <div className="grid gap-2">
        <Label htmlFor="drawer-name">名称</Label>
        <Input id="drawer-name" />
      </div>
    ),
  },
  argTypes: { side: { control: 'inline-radio', options: ['left', 'right', 'top', 'bottom'] } },
} satisfies Meta<typeof SimpleDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Right: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '打开抽屉' }));
    const drawer = await screen.findByRole('dialog', { name: '系统设置' });
    await expect(drawer).toHaveAttribute('data-side', 'right');
    await expect(drawer.style.width).toBe('360px');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const Left: Story = { args: { side: 'left', width: 280, defaultOpen: true } };

export const Top: Story = { args: { side: 'top', height: 240, defaultOpen: true } };

export const Bottom: Story = { args: { side: 'bottom', defaultOpen: true } };

/** Clicking the overlay does not close it; Escape and the buttons still do. */
export const NoOutsideClose: Story = {
  args: { closeOnOutsideClick: false },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '打开抽屉' }));
    await screen.findByRole('dialog');
    const overlay = document.querySelector<HTMLElement>('[data-slot="drawer-overlay"]');
    await userEvent.pointer({ keys: '[MouseLeft]', target: overlay! });
    await expect(screen.getByRole('dialog')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
