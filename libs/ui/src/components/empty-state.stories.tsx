import type { Meta, StoryObj } from '@storybook/react-vite';

import { Button } from './button';
import { EmptyState } from './empty-state';

const meta = { title: 'Components/EmptyState', component: EmptyState } satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithAction: Story = {
  args: {
    title: '还没有参数',
    description: '新增一个参数开始吧',
    action: <Button variant="primary">新增</Button>,
  },
};
