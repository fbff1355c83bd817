import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { Label } from './label';
import { NumberInput } from './number-input';

const meta = {
  title: 'Forms/NumberInput',
  component: NumberInput,
  args: { 'aria-label': '排序', onChange: fn(), className: 'w-48' },
} satisfies Meta<typeof NumberInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys and the stepper buttons step; the value is clamped to min/max on blur. */
export const Default: Story = {
  args: { min: 0, max: 10 },
  play: async ({ canvas, userEvent, args }) => {
    const input = canvas.getByRole('spinbutton', { name: '排序' });
    await userEvent.type(input, '25');
    await userEvent.tab();
    await expect(input).toHaveValue('10');
    await expect(args.onChange).toHaveBeenLastCalledWith(10);
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveValue('9');
    await userEvent.clear(input);
    await expect(args.onChange).toHaveBeenLastCalledWith(undefined);
  },
};

export const WithValue: Story = { args: { defaultValue: 3.5, precision: 2, step: 0.25 } };

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-48 gap-2">
      <Label htmlFor="dict-sort">字典排序</Label>
      <NumberInput {...args} aria-label={undefined} id="dict-sort" defaultValue={1} />
    </div>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: '增加' }));
    await expect(canvas.getByLabelText('字典排序')).toHaveValue('2');
  },
};

export const Invalid: Story = {
  render: (args) => (
    <div className="grid w-48 gap-1.5">
      <NumberInput {...args} aria-invalid aria-describedby="sort-error" />
      <p id="sort-error" className="text-xs text-destructive">
        请输入字典排序
      </p>
    </div>
  ),
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 5 } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <NumberInput {...args} aria-label="Sort" defaultValue={1} />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Increase' }));
    await expect(canvas.getByRole('spinbutton', { name: 'Sort' })).toHaveValue('2');
  },
};
