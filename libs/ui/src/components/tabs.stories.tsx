import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { defaultValue: 'mail' },
  render: (args) => (
    <Tabs {...args} className="w-96">
      <TabsList>
        <TabsTrigger value="mail">邮件</TabsTrigger>
        <TabsTrigger value="message">消息</TabsTrigger>
        <TabsTrigger value="notice">通知</TabsTrigger>
        <TabsTrigger value="disabled" disabled>
          禁用
        </TabsTrigger>
      </TabsList>
      <TabsContent value="mail">暂无邮件</TabsContent>
      <TabsContent value="message">暂无消息</TabsContent>
      <TabsContent value="notice">暂无通知</TabsContent>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('tab', { name: '消息' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('暂无消息');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: '通知' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: '通知' })).toHaveAttribute('aria-selected', 'true');
  },
};

/** Underlined tabs, as on the personal-info page. */
export const Line: Story = {
  args: { defaultValue: 'info' },
  render: (args) => (
    <Tabs {...args} className="w-96">
      <TabsList variant="line">
        <TabsTrigger value="info">个人信息</TabsTrigger>
        <TabsTrigger value="password">修改密码</TabsTrigger>
      </TabsList>
      <TabsContent value="info">头像、手机号……</TabsContent>
      <TabsContent value="password">原密码、新密码、确认密码</TabsContent>
    </Tabs>
  ),
};

export const Vertical: Story = {
  args: { orientation: 'vertical', defaultValue: 'notice' },
};
