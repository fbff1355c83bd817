import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText, Settings, User } from 'lucide-react';
import * as React from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';

import { Button } from './button';
import { CommandPalette, type CommandPaletteItem, prefixFilter } from './command-palette';

const go = fn();

const items: CommandPaletteItem[] = [
  {
    id: 'user',
    label: '用户管理',
    group: '系统管理',
    keywords: ['user', 'yonghu'],
    icon: <User />,
    onSelect: () => go('user'),
  },
  { id: 'dept', label: '部门管理', group: '系统管理', keywords: ['dept'], onSelect: () => go('dept') },
  {
    id: 'param',
    label: '参数管理',
    group: '系统管理',
    keywords: ['param'],
    icon: <Settings />,
    onSelect: () => go('param'),
  },
  {
    id: 'log-usual',
    label: '通用日志',
    group: '日志',
    keywords: ['log'],
    icon: <FileText />,
    onSelect: () => go('log'),
  },
  {
    id: 'log-api',
    label: '接口日志',
    group: '日志',
    keywords: ['api log'],
    shortcut: '⌘L',
    onSelect: () => go('api'),
  },
  { id: 'disabled', label: '停用功能', group: '日志', disabled: true, onSelect: () => go('never') },
];

function Demo(props: Partial<React.ComponentProps<typeof CommandPalette>>) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>搜索菜单 (Ctrl+K)</Button>
      <CommandPalette open={open} onOpenChange={setOpen} items={items} {...props} />
    </>
  );
}

const meta = {
  title: 'Components/CommandPalette',
  component: CommandPalette,
  args: { open: false, onOpenChange: fn(), items },
  render: () => <Demo />,
} satisfies Meta<typeof CommandPalette>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    go.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: /搜索菜单/ }));
    const dialog = await screen.findByRole('dialog', { name: '搜索' });
    await expect(screen.getByRole('combobox')).toHaveFocus();
    await expect(screen.getByText('系统管理')).toBeVisible();
    await userEvent.keyboard('日志');
    await waitFor(() => expect(screen.queryByRole('option', { name: /用户管理/ })).toBeNull());
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(go).toHaveBeenCalledWith('api');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /搜索菜单/ }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Ctrl+K opens it again.
    await userEvent.keyboard('{Control>}k{/Control}');
    await expect(await screen.findByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

export const NoResults: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /搜索菜单/ }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('zzz');
    await expect(await screen.findByText('没有匹配的结果')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

/** The spec's menu search: case-insensitive prefix of the name. */
export const PrefixFilter: Story = {
  render: () => <Demo filter={prefixFilter} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /搜索菜单/ }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('LOG');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await expect(screen.getByRole('option')).toHaveTextContent('通用日志');
    await userEvent.keyboard('{Escape}');
  },
};
