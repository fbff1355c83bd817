import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen } from 'storybook/test';

import { Button } from './button';
import { toast, Toaster } from './toaster';

const meta = {
  title: 'Components/Toaster',
  component: Toaster,
  render: () => (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => toast.success('新增成功')}>success</Button>
      <Button onClick={() => toast.warning('请选择至少一条数据')}>warning</Button>
      <Button onClick={() => toast.error('未知错误')}>error</Button>
      <Button onClick={() => toast('操作成功')}>message</Button>
    </div>
  ),
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Toaster is mounted once by the preview decorator (as the app does at its root). */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'warning' }));
    await expect(await screen.findByText('请选择至少一条数据')).toBeInTheDocument();
  },
};
