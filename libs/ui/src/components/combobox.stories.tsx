import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { Combobox } from './combobox';
import { Label } from './label';

const options = [
  { label: '美妆评论任务', value: '1790000000000004101' },
  { label: '数码评论任务', value: '1790000000000004102' },
  { label: '旅行评论任务', value: '1790000000000004103' },
  { label: '已停用任务', value: '1790000000000004104', disabled: true },
];

const meta = {
  title: 'Forms/Combobox',
  component: Combobox,
  args: {
    'aria-label': '评论任务',
    options,
    placeholder: '请选择评论任务',
    onChange: fn(),
    className: 'w-80',
  },
} satisfies Meta<typeof Combobox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, search, choose with the keyboard, clear. */
export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '评论任务' }));
    await userEvent.type(await screen.findByRole('combobox', { name: '搜索' }), '数码');
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('1790000000000004102');
    await expect(canvas.getByRole('combobox', { name: '评论任务' })).toHaveTextContent('数码评论任务');
    await userEvent.click(canvas.getByRole('button', { name: '清除' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(undefined);
  },
};

/** A value that is none of the options (a row not loaded) shows as it is. */
export const UnknownValue: Story = { args: { defaultValue: '1790000000000009999' } };

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-80 gap-2">
      <Label htmlFor="comm">评论任务</Label>
      <Combobox {...args} aria-label={undefined} id="comm" defaultValue="1790000000000004101" />
    </div>
  ),
};

export const Invalid: Story = {
  render: (args) => (
    <div className="grid w-80 gap-1.5">
      <Combobox {...args} aria-invalid aria-describedby="comm-error" />
      <p id="comm-error" className="text-xs text-destructive">
        请选择评论任务
      </p>
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true, defaultValue: '1790000000000004101' } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <Combobox {...args} aria-label="Comment task" placeholder="Select the comment task" />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Comment task' }));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'zzz');
    await expect(await screen.findByText('No results')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};
