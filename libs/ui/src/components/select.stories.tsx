import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
  SimpleSelect,
} from './select';

const meta = {
  title: 'Components/Select',
  component: SimpleSelect,
  args: {
    'aria-label': '是否封存',
    placeholder: '请选择',
    options: [
      { value: '0', label: '否' },
      { value: '1', label: '是' },
    ],
    onValueChange: fn(),
    className: 'w-56',
  },
} satisfies Meta<typeof SimpleSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '是否封存' }));
    await userEvent.click(await screen.findByRole('option', { name: '是' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('1');
  },
};
export const WithValue: Story = { args: { defaultValue: '1' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: '0' } };
export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Grouped: Story = {
  render: () => (
    <Select>
      <SelectTrigger className="w-56" aria-label="主题">
        <SelectValue placeholder="主题" />
      </SelectTrigger>
      <SelectContent>
        <SelectGroup>
          <SelectLabel>主题</SelectLabel>
          {['default', 'white', 'dark', 'star', 'bule'].map((t) => (
            <SelectItem key={t} value={t}>
              {t}
            </SelectItem>
          ))}
        </SelectGroup>
      </SelectContent>
    </Select>
  ),
};
