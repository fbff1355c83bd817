import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import * as React from 'react';

import { Button } from './button';
import { SimpleDialog } from './dialog';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuDialogItem,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from './dropdown-menu';

const meta = {
  title: 'Components/DropdownMenu',
  component: DropdownMenu,
  args: { onOpenChange: fn() },
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button>admin</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-48">
        <DropdownMenuLabel>我的账户</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem>首页</DropdownMenuItem>
        <DropdownMenuItem>个人信息</DropdownMenuItem>
        <DropdownMenuCheckboxItem checked>切换部门</DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive">
          退出登录
          <DropdownMenuShortcut>⇧Q</DropdownMenuShortcut>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'admin' }));
    await expect(await screen.findByRole('menuitem', { name: '个人信息' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
  },
};
/** Rendered open for the docs; non-modal, so the page behind is not aria-hidden around a focusable trigger. */
export const Open: Story = { args: { defaultOpen: true, modal: false } };

function MenuWithDialog() {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>admin</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-48">
          <DropdownMenuDialogItem onOpen={() => setOpen(true)}>锁屏</DropdownMenuDialogItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SimpleDialog open={open} onOpenChange={setOpen} title="设置锁屏密码">
        <p className="text-sm">菜单关闭后才打开的对话框</p>
      </SimpleDialog>
    </>
  );
}

/** `DropdownMenuDialogItem`: an item that opens a dialog, once the menu has closed (its focus and layer gone). */
export const OpensADialog: Story = {
  render: () => <MenuWithDialog />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'admin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '锁屏' }));
    await expect(await screen.findByRole('dialog', { name: '设置锁屏密码' })).toBeInTheDocument();
    await expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.keyboard('{Escape}');
  },
};
