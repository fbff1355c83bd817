import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { Label } from './label';
import { MultiSelect } from './multi-select';

const options = [
  { label: '系统管理', value: '1' },
  { label: '用户管理', value: '2' },
  { label: '角色管理', value: '3' },
  { label: '菜单管理', value: '4' },
  { label: '字典管理', value: '5' },
  { label: '已停用', value: '6', disabled: true },
];

const meta = {
  title: 'Forms/MultiSelect',
  component: MultiSelect,
  args: { 'aria-label': '菜单', options, placeholder: '请选择菜单', onChange: fn(), className: 'w-80' },
} satisfies Meta<typeof MultiSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, search, choose with the keyboard, remove a chip, clear all. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '菜单' }));
    await userEvent.click(await screen.findByRole('option', { name: '系统管理' }));
    await userEvent.type(screen.getByRole('combobox', { name: '搜索' }), '角色');
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(['1', '3']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(canvas.getByRole('button', { name: '移除 系统管理' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(['3']);
    await userEvent.click(canvas.getByRole('button', { name: '清除' }));
    await expect(args.onChange).toHaveBeenLastCalledWith([]);
  },
};

export const WithValue: Story = { args: { defaultValue: ['1', '2', '3', '4'], maxTagCount: 2 } };

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-80 gap-2">
      <Label htmlFor="menus">菜单列表</Label>
      <MultiSelect {...args} aria-label={undefined} id="menus" defaultValue={['2']} />
    </div>
  ),
};

export const Invalid: Story = {
  render: (args) => (
    <div className="grid w-80 gap-1.5">
      <MultiSelect {...args} aria-invalid aria-describedby="menus-error" />
      <p id="menus-error" className="text-xs text-destructive">
        请选择菜单
      </p>
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true, defaultValue: ['1'] } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <MultiSelect {...args} aria-label="Menus" placeholder="Select menus" defaultValue={['1']} />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Menus' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'zzz');
    await expect(await screen.findByText('No results')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};
