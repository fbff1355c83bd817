import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor } from 'storybook/test';

import {
  ContextMenu,
  ContextMenuCheckboxItem,
  ContextMenuContent,
  ContextMenuItem,
  ContextMenuLabel,
  ContextMenuSeparator,
  ContextMenuShortcut,
  ContextMenuSub,
  ContextMenuSubContent,
  ContextMenuSubTrigger,
  ContextMenuTrigger,
} from './context-menu';

const meta = {
  title: 'Components/ContextMenu',
  component: ContextMenu,
  args: { onOpenChange: fn() },
  render: (args) => (
    <ContextMenu {...args}>
      <ContextMenuTrigger className="flex h-32 w-72 items-center justify-center rounded-md border border-dashed text-sm text-muted-foreground">
        右键点击此处(标签页)
      </ContextMenuTrigger>
      <ContextMenuContent className="w-48">
        <ContextMenuLabel>标签页</ContextMenuLabel>
        <ContextMenuItem>清除缓存</ContextMenuItem>
        <ContextMenuItem>
          关闭其他
          <ContextMenuShortcut>⌘O</ContextMenuShortcut>
        </ContextMenuItem>
        <ContextMenuItem variant="destructive">关闭全部</ContextMenuItem>
        <ContextMenuSeparator />
        <ContextMenuCheckboxItem checked>固定</ContextMenuCheckboxItem>
        <ContextMenuSub>
          <ContextMenuSubTrigger>更多</ContextMenuSubTrigger>
          <ContextMenuSubContent>
            <ContextMenuItem>搜索</ContextMenuItem>
          </ContextMenuSubContent>
        </ContextMenuSub>
        <ContextMenuItem disabled>不可用</ContextMenuItem>
      </ContextMenuContent>
    </ContextMenu>
  ),
} satisfies Meta<typeof ContextMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.pointer({ keys: '[MouseRight]', target: canvas.getByText('右键点击此处(标签页)') });
    const menu = await screen.findByRole('menu');
    await expect(menu).toHaveTextContent('关闭其他');
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: '清除缓存' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};
