import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn } from 'storybook/test';

import { Pagination, type PaginationProps } from './pagination';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  args: { current: 1, size: 10, total: 256, onChange: fn() },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

function Stateful(props: PaginationProps) {
  const [state, setState] = React.useState({ current: props.current, size: props.size });
  return (
    <Pagination
      {...props}
      current={state.current}
      size={state.size}
      onChange={(next) => {
        setState(next);
        props.onChange(next);
      }}
    />
  );
}

export const Default: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /下一页|Next page/ }));
    await expect(args.onChange).toHaveBeenCalledWith({ current: 2, size: 10 });
  },
};
export const Middle: Story = { args: { current: 12 } };
export const FewPages: Story = { args: { total: 35 } };
export const Empty: Story = { args: { total: 0 } };
export const Minimal: Story = { args: { showJumper: false, showSizeChanger: false } };
export const Disabled: Story = { args: { disabled: true } };
