import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import { FullscreenToggle } from './fullscreen-toggle';

const meta = {
  title: 'Components/FullscreenToggle',
  component: FullscreenToggle,
  args: { onFullscreenChange: fn() },
} satisfies Meta<typeof FullscreenToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Label follows the kit locale: 全屏 / 退出全屏 (Full screen / Exit full screen). */
export const Default: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: '全屏' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { disabled: true } };
