import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen } from 'storybook/test';

import { UiLocaleProvider } from '../locale/ui-locale';
import { ColourPicker } from './colour-picker';
import { Label } from './label';

const meta = {
  title: 'Forms/ColourPicker',
  component: ColourPicker,
  args: { 'aria-label': '主题色', onChange: fn(), className: 'w-56' },
} satisfies Meta<typeof ColourPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Pick a preset, type a hex (validated), Enter to apply. */
export const Default: Story = {
  args: { defaultValue: '#409EFF' },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: '主题色' }));
    await userEvent.click(await screen.findByRole('button', { name: '#67C23A' }));
    await expect(args.onChange).toHaveBeenLastCalledWith('#67C23A');
    const input = screen.getByRole('textbox', { name: '颜色值' });
    await userEvent.clear(input);
    await userEvent.type(input, '#12');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '3{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('#112233');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('combobox', { name: '主题色' })).toHaveTextContent('#112233');
  },
};

export const Empty: Story = { args: { clearable: true } };

export const WithLabel: Story = {
  render: (args) => (
    <div className="grid w-56 gap-2">
      <Label htmlFor="theme-colour">主题色</Label>
      <ColourPicker {...args} aria-label={undefined} id="theme-colour" defaultValue="#722ED1" clearable />
    </div>
  ),
};

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: '#409EFF' } };

export const English: Story = {
  render: (args) => (
    <UiLocaleProvider locale="en">
      <ColourPicker {...args} aria-label="Theme colour" />
    </UiLocaleProvider>
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Theme colour' }));
    await expect(await screen.findByRole('group', { name: 'Preset colours' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
  },
};
