import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';

import { Label } from './label';
import { RadioGroup, RadioGroupItem } from './radio-group';

const options = [
  { label: '否', value: '0' },
  { label: '是', value: '1' },
];

const meta = {
  title: 'Forms/RadioGroup',
  component: RadioGroup,
  args: { 'aria-label': '是否封存', options, onValueChange: fn() },
} satisfies Meta<typeof RadioGroup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { defaultValue: '0' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('radio', { name: '是' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('1');
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: '否' })).toHaveFocus());
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('radio', { name: '否' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('0');
  },
};

export const Vertical: Story = {
  args: {
    orientation: 'vertical',
    options: [
      { label: '浏览任务', value: 'browse' },
      { label: '评论任务', value: 'comment' },
      { label: '直播任务', value: 'live', disabled: true },
    ],
    defaultValue: 'browse',
  },
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: '1' } };

/** Composition with `RadioGroupItem` and `Label`. */
export const Composed: Story = {
  args: { options: undefined },
  render: (args) => (
    <RadioGroup {...args} defaultValue="en">
      <div className="flex items-center gap-2">
        <RadioGroupItem value="zh" id="lang-zh" />
        <Label htmlFor="lang-zh">中文</Label>
      </div>
      <div className="flex items-center gap-2">
        <RadioGroupItem value="en" id="lang-en" />
        <Label htmlFor="lang-en">English</Label>
      </div>
    </RadioGroup>
  ),
};
