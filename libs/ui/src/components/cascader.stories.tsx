import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { Cascader, type CascaderOption } from './cascader';
import { Label } from './label';

const regions: CascaderOption[] = [
  {
    value: '11',
    label: '北京市',
    children: [
      {
        value: '1101',
        label: '市辖区',
        children: [
          { value: '110101', label: '东城区' },
          { value: '110102', label: '西城区' },
        ],
      },
    ],
  },
  { value: '44', label: '广东省', isLeaf: false },
];

/** Simulates the region lazy-tree endpoint. */
const loadOptions = async (option: CascaderOption): Promise<CascaderOption[]> => {
  await new Promise((resolve) => setTimeout(resolve, 300));
  return [
    { value: `${option.value}01`, label: '广州市' },
    { value: `${option.value}03`, label: '深圳市' },
  ];
};

const meta = {
  title: 'Forms/Cascader',
  component: Cascader,
  args: { 'aria-label': '地区', options: regions, loadOptions, placeholder: '请选择地区', className: 'w-80' },
} satisfies Meta<typeof Cascader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click through the columns; the trigger shows "a / b / c" and onChange gets the value path. */
export const Default: Story = {
  args: { onChange: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '地区' }));
    await userEvent.click(await screen.findByRole('option', { name: '北京市' }));
    await userEvent.click(await screen.findByRole('option', { name: '市辖区' }));
    await userEvent.click(await screen.findByRole('option', { name: '西城区' }));
    await expect(args.onChange).toHaveBeenCalledWith(['11', '1101', '110102'], expect.any(Array));
    await expect(canvas.getByRole('combobox', { name: '地区' })).toHaveTextContent(
      '北京市 / 市辖区 / 西城区',
    );
  },
};

/** A lazily loaded level, driven by the keyboard. */
export const Lazy: Story = {
  args: { onChange: fn() },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '地区' }));
    await screen.findByRole('option', { name: '北京市' });
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    await screen.findByRole('option', { name: '深圳市' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onChange).toHaveBeenCalledWith(['44', '4403'], expect.any(Array));
  },
};

export const WithValue: Story = { args: { defaultValue: ['11', '1101', '110101'] } };

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-80 gap-2">
      <Label htmlFor="region">所在地区</Label>
      <Cascader {...args} aria-label={undefined} id="region" changeOnSelect />
    </div>
  ),
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: ['11', '1101'] } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <Cascader {...args} aria-label="Region" placeholder="Select a region" defaultValue={['11', '1101']} />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(canvas.getByRole('combobox', { name: 'Region' })).toHaveTextContent('Select a region');
  },
};
