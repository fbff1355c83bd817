import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { DatePicker, DateRangePicker, type DateRangePickerProps, DateTimePicker } from './date-picker';
import { Label } from './label';

const meta = {
  title: 'Forms/DatePicker',
  component: DatePicker,
  args: { 'aria-label': '日期', onChange: fn(), className: 'w-64' },
} satisfies Meta<typeof DatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

function dayButton(date: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`button[data-day="${date}"]`);
  if (!el) throw new Error(`day ${date} not shown`);
  return el;
}

/** Open, move with the arrow keys, choose with Enter; the value is 'YYYY-MM-DD'. */
export const Default: Story = {
  args: { defaultValue: '2024-05-10' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '日期' }));
    await screen.findByRole('grid');
    await userEvent.click(dayButton('2024-05-20'));
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-05-20');
    await userEvent.click(canvas.getByRole('combobox', { name: '日期' }));
    await expect(dayButton('2024-05-20')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-05-21');
    await userEvent.click(canvas.getByRole('button', { name: '清除' }));
    await expect(args.onChange).toHaveBeenLastCalledWith(undefined);
  },
};

export const Empty: Story = {};

export const MinMax: Story = { args: { defaultValue: '2024-05-10', min: '2024-05-05', max: '2024-05-25' } };

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-64 gap-2">
      <Label htmlFor="expire">到期时间</Label>
      <DatePicker {...args} aria-label={undefined} id="expire" defaultValue="2025-01-31" />
    </div>
  ),
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: '2024-05-10' } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <DatePicker {...args} aria-label="Date" defaultValue="2024-05-10" />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Date' }));
    await expect(await screen.findByText('May 2024')).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};

/** Calendar plus hour/minute/second; the value is 'YYYY-MM-DD HH:mm:ss'. */
export const DateTime: Story = {
  args: { 'aria-label': '创建时间' },
  render: (args) => <DateTimePicker {...args} className="w-72" defaultValue="2024-05-10 08:30:00" />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '创建时间' }));
    await screen.findByRole('grid');
    await userEvent.click(dayButton('2024-05-12'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '时' }), '18');
    await expect(args.onChange).toHaveBeenLastCalledWith('2024-05-12 18:30:00');
    await userEvent.click(screen.getByRole('button', { name: '确定' }));
    await expect(canvas.getByRole('combobox', { name: '创建时间' })).toHaveTextContent('2024-05-12 18:30:00');
  },
};

/** Two months; the first click picks the start, the second the end. */
export const Range: Story = {
  args: { 'aria-label': '创建时间范围' },
  render: (args) => (
    <DateRangePicker
      aria-label={args['aria-label']}
      className="w-80"
      defaultValue={['2024-05-01', '2024-05-07']}
      onChange={args.onChange as DateRangePickerProps['onChange']}
    />
  ),
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '创建时间范围' }));
    await expect(await screen.findAllByRole('grid')).toHaveLength(2);
    await userEvent.click(dayButton('2024-05-10'));
    await userEvent.click(dayButton('2024-06-03'));
    await expect(args.onChange).toHaveBeenLastCalledWith(['2024-05-10', '2024-06-03']);
  },
};
